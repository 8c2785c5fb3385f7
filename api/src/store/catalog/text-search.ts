// Full-text search over the in-memory indexes, with its caches per catalogue version: a text's
// tsquery (asked of Postgres once per word), its matches and its facet-index rows.
import type { Database } from '../../platform/db/index.js';
import type { TextRows } from './facet-index.js';
import type { MemoryIndexes } from './memory-listing.js';
import { textMatches, tsQueryText } from './listing.js';
import { Lru } from './lru.js';
import { parseTsQuery, type TsQueryNode } from './text-index.js';

export class TextSearch {
  /** The tsquery text of a search text (websearch_to_tsquery), per text and mode. */
  private readonly tsQueries = new Lru<string, Promise<string>>(5000);
  private readonly textCache = new Lru<string, Promise<Map<number, number>>>(64);
  private readonly textRowsCache = new Lru<string, TextRows>(64);

  constructor(
    private readonly db: Database,
    /** The catalogue version: part of every key, so a new version asks again. */
    private readonly version: () => number,
  ) {}

  /** Drops every cached answer (the catalogue changed). */
  clear(): void {
    this.textCache.clear();
    this.textRowsCache.clear();
    this.tsQueries.clear();
  }

  private textMatchesCached(text: string, mode: 'and' | 'or'): Promise<Map<number, number>> {
    const key = `${this.version()}|${mode}|${text.toLowerCase()}`;
    let hit = this.textCache.get(key);
    if (!hit) {
      hit = textMatches(this.db, text, mode);
      this.textCache.set(key, hit);
      hit.catch(() => this.textCache.delete(key));
    }
    return hit;
  }

  /**
   * The tsquery of a text as a tree. Text of plain words (letters only, no `or`) is the AND (or,
   * in 'or' mode, the OR) of its words' queries, exactly what websearch_to_tsquery makes of it,
   * so each word is asked of Postgres once; other text is asked as a whole. Null: the text index
   * does not evaluate this query (phrases, negation).
   */
  private async tsQueryTree(text: string, mode: 'and' | 'or'): Promise<TsQueryNode | 'empty' | null> {
    const words = text.toLowerCase().split(' ');
    if (words.length > 1 && words.every((w) => /^[a-z]+$/.test(w) && w !== 'or')) {
      let tree: TsQueryNode | 'empty' = 'empty';
      for (const word of words) {
        const node = parseTsQuery(await this.tsQueryCached(word, 'and'));
        if (node === null) return null;
        if (node === 'empty') continue;
        tree = tree === 'empty' ? node : { op: mode, left: tree, right: node };
      }
      return tree;
    }
    return parseTsQuery(await this.tsQueryCached(text, mode));
  }

  private tsQueryCached(text: string, mode: 'and' | 'or'): Promise<string> {
    const key = `${this.version()}|${mode}|${text.toLowerCase()}`;
    let hit = this.tsQueries.get(key);
    if (!hit) {
      hit = tsQueryText(this.db, text, mode);
      this.tsQueries.set(key, hit);
      hit.catch(() => this.tsQueries.delete(key));
    }
    return hit;
  }

  /**
   * Full-text matches of a text as facet-index rows: matched and ranked in memory when the text
   * index evaluates the query (plain words, AND/OR), else by Postgres (GIN) as one query.
   */
  async rowsOf(memory: MemoryIndexes, text: string, mode: 'and' | 'or'): Promise<TextRows> {
    const key = `${this.version()}|${mode}|${text.toLowerCase()}`;
    const cached = this.textRowsCache.get(key);
    if (cached) return cached;
    let rows: TextRows | null = null;
    if (memory.text) {
      const query = await this.tsQueryTree(text, mode);
      if (query) rows = memory.text.match(query);
    }
    rows ??= memory.facets.textRows(await this.textMatchesCached(text, mode));
    this.textRowsCache.set(key, rows);
    return rows;
  }
}
