/**
 * In-memory full-text index: the products' `search_vector` (weighted tsvector) as an inverted
 * index, so a search only asks Postgres to turn the text into a tsquery (`websearch_to_tsquery`,
 * stemming and stop words stay Postgres's) and then matches and ranks in memory.
 *
 * Matching is `search_vector @@ query` for queries of plain lexemes joined by AND and OR (what
 * websearch_to_tsquery makes of words and `or`). Ranking is PostgreSQL's `ts_rank` with the
 * weights {D 0.02, C 0.1, B 0.4, A 1} and no normalisation, reproduced step by step in float4
 * arithmetic (src/backend/utils/adt/tsrank.c: calc_rank_and / calc_rank_or), so the ranks equal
 * the ones Postgres computes (tests compare both). Queries with phrases (`"..."`, hyphenated
 * words), negation, prefixes or weight labels return null: the caller asks Postgres (GIN) then.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { andBits, bitsOfRows, countBits, orBits, wordsFor } from './bitset.js';

/** ts_rank weights by weight class (D, C, B, A), as float4. */
const WEIGHTS = [Math.fround(0.02), Math.fround(0.1), Math.fround(0.4), Math.fround(1.0)];
/** MAXENTRYPOS: a tsvector position is at most 16383; 16384 stands for "no position". */
const MAXENTRYPOS = 1 << 14;
const TINY = Math.fround(1e-20);

/** word_distance(dist) of tsrank.c for 1..100 (float4); beyond that 1e-30f. */
const WORD_DISTANCE = Array.from({ length: 101 }, (_, w) => Math.fround(1.0 / (1.005 + 0.05 * Math.exp(Math.fround(w) / 1.5 - 2))));
const FAR = Math.fround(1e-30);
const wordDistance = (dist: number) => (dist > 100 ? FAR : WORD_DISTANCE[dist]!);

/** A tsquery as a tree (only what the in-memory path evaluates). */
export type TsQueryNode = { op: 'term'; lexeme: string } | { op: 'and' | 'or'; left: TsQueryNode; right: TsQueryNode };

/**
 * Parses the text form of a tsquery (`'black' & ( 'bag' | 'tote' )`). Returns null for anything
 * the in-memory path does not evaluate (NOT, phrase, prefix, weight labels) and `'empty'` for an
 * empty query (only stop words: it matches nothing).
 */
export function parseTsQuery(text: string): TsQueryNode | null | 'empty' {
  let i = 0;
  const n = text.length;
  const skip = () => {
    while (i < n && text[i] === ' ') i++;
  };
  let unsupported = false;
  const primary = (): TsQueryNode | null => {
    skip();
    if (text[i] === '(') {
      i++;
      const inner = orExpr();
      skip();
      if (text[i] !== ')') return null;
      i++;
      return inner;
    }
    if (text[i] !== "'") {
      unsupported = true; // '!' or anything unexpected
      return null;
    }
    const quoted = readQuoted(text, i + 1);
    if (!quoted) return null;
    const { lexeme } = quoted;
    i = quoted.end;
    if (text[i] === ':') {
      unsupported = true; // prefix (:*) or weight labels (:AB)
      return null;
    }
    return { op: 'term', lexeme };
  };
  const andExpr = (): TsQueryNode | null => {
    let left = primary();
    for (;;) {
      if (!left) return null;
      skip();
      if (text[i] === '<') {
        unsupported = true; // phrase
        return null;
      }
      if (text[i] !== '&') return left;
      i++;
      const right = primary();
      if (!right) return null;
      left = { op: 'and', left, right };
    }
  };
  const orExpr = (): TsQueryNode | null => {
    let left = andExpr();
    for (;;) {
      if (!left) return null;
      skip();
      if (text[i] !== '|') return left;
      i++;
      const right = andExpr();
      if (!right) return null;
      left = { op: 'or', left, right };
    }
  };
  skip();
  if (i >= n) return 'empty';
  const tree = orExpr();
  skip();
  if (unsupported || !tree || i < n) return null;
  return tree;
}

/** One lexeme's postings: rows (ascending) and, per row, its positions (weight << 14 | position). */
interface Postings {
  rows: Int32Array;
  offsets: Int32Array;
  positions: Uint16Array;
  /** ts_rank of the lexeme alone per row (a one-word query's rank, calc_rank_or of one item). */
  single: Float32Array;
  /** The rows as a bitset, kept for lexemes in more than 1/32 of the rows (smaller than the list then). */
  bits: Uint32Array | null;
}

/** Full-text matches as a bitset over rows; rank(row) is the ts_rank of a matching row (computed on demand). */
export interface TextMatch {
  bits: Uint32Array;
  count: number;
  rank(row: number): number;
}

function lexemeCompare(a: string, b: string): number {
  // tsCompareString: bytewise, then the shorter first (lexemes here are ASCII or BMP letters)
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  const c = Buffer.compare(ab.subarray(0, Math.min(ab.length, bb.length)), bb.subarray(0, Math.min(ab.length, bb.length)));
  return c !== 0 ? c : ab.length - bb.length;
}

/** calc_rank_or's contribution of one item: positions of one lexeme in one document. */
function orTerm(positions: Uint16Array, from: number, to: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j++) {
    const w = WEIGHTS[positions[from + j]! >> 14]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
}

export class TextIndex {
  private readonly words: number;
  private constructor(
    private readonly terms: Map<string, Postings>,
    rowCount: number,
  ) {
    this.words = wordsFor(rowCount);
  }

  get lexemes(): number {
    return this.terms.size;
  }

  /**
   * Reads every product's search_vector. `rowOf(id)` gives the product's row in the facet index
   * (undefined: skip the product); rows are below `rowCount`.
   */
  static async load(db: Database, rowOf: (id: number) => number | undefined, rowCount: number): Promise<TextIndex | null> {
    const perTerm = new Map<string, { rows: number[]; counts: number[]; positions: number[] }>();
    const batch = 20_000;
    // A stripped lexeme (no positions) ranks by Postgres's special cases: leave those to Postgres.
    let withoutPositions = false;
    for (let after = 0; ; ) {
      const rows = await queryRows<{ id: number; v: string }>(
        db,
        sql`select id, search_vector::text as v from products where id > ${after} order by id limit ${batch}`,
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        const row = rowOf(Number(r.id));
        if (row !== undefined) parseTsVector(r.v, (lexeme, positions) => {
          if (positions.length === 0) withoutPositions = true;
          let t = perTerm.get(lexeme);
          if (!t) perTerm.set(lexeme, (t = { rows: [], counts: [], positions: [] }));
          t.rows.push(row);
          t.counts.push(positions.length);
          for (const p of positions) t.positions.push(p);
        });
      }
      after = Number(rows[rows.length - 1]!.id);
      if (rows.length < batch) break;
    }
    if (withoutPositions) return null;
    const terms = new Map<string, Postings>();
    for (const [lexeme, t] of perTerm) {
      // rows arrive in id order, which need not be row order: sort by row
      const order = t.rows.map((_, k) => k);
      const starts: number[] = [];
      let s = 0;
      for (const c of t.counts) {
        starts.push(s);
        s += c;
      }
      order.sort((a, b) => t.rows[a]! - t.rows[b]!);
      const rows = new Int32Array(order.length);
      const offsets = new Int32Array(order.length + 1);
      const positions = new Uint16Array(t.positions.length);
      const single = new Float32Array(order.length);
      let o = 0;
      order.forEach((k, idx) => {
        rows[idx] = t.rows[k]!;
        offsets[idx] = o;
        for (let j = 0; j < t.counts[k]!; j++) positions[o++] = t.positions[starts[k]! + j]!;
      });
      offsets[order.length] = o;
      for (let idx = 0; idx < order.length; idx++) {
        const r = Math.fround(orTerm(positions, offsets[idx]!, offsets[idx + 1]!) / 1.64493406685);
        single[idx] = r < 0 ? TINY : r;
      }
      terms.set(lexeme, { rows, offsets, positions, single, bits: rows.length * 32 > rowCount ? bitsOfRows(rows, wordsFor(rowCount)) : null });
    }
    return new TextIndex(terms, rowCount);
  }

  /** `search_vector @@ query` with ts_rank on demand, for a parsed query. */
  match(query: TsQueryNode | 'empty'): TextMatch {
    if (query === 'empty') return { bits: new Uint32Array(this.words), count: 0, rank: () => 0 };
    const bits = this.evaluate(query);
    const items: string[] = [];
    const collect = (node: TsQueryNode) => {
      if (node.op === 'term') items.push(node.lexeme);
      else {
        collect(node.left);
        collect(node.right);
      }
    };
    collect(query);
    const unique = [...new Set(items)].sort(lexemeCompare);
    const postings = unique.map((lexeme) => this.terms.get(lexeme) ?? null);
    const rootAnd = query.op === 'and';
    const ranks = new Map<number, number>();
    // A single lexeme: its precomputed per-row rank.
    const only = unique.length === 1 ? postings[0] : undefined;
    const rank = (row: number): number => {
      const cached = ranks.get(row);
      if (cached !== undefined) return cached;
      let value: number;
      if (only) value = only.single[find(only.rows, row)]!;
      else value = rootAnd && unique.length >= 2 ? this.rankAnd(postings, row) : this.rankOr(postings, row);
      ranks.set(row, value);
      return value;
    };
    return { bits, count: countBits(bits), rank };
  }

  /** The matching rows as a bitset (a lexeme's own bitset is shared: never written to). */
  private evaluate(node: TsQueryNode): Uint32Array {
    if (node.op === 'term') {
      const postings = this.terms.get(node.lexeme);
      if (!postings) return new Uint32Array(this.words);
      return postings.bits ?? bitsOfRows(postings.rows, this.words);
    }
    const a = this.evaluate(node.left);
    const b = this.evaluate(node.right);
    return node.op === 'and' ? andBits(a, b) : orBits(a, b);
  }

  /** calc_rank_or: every item's weighted occurrences, averaged over the items. */
  private rankOr(postings: (Postings | null)[], row: number): number {
    let res = 0;
    for (const p of postings) {
      if (!p) continue;
      const k = find(p.rows, row);
      if (k < 0) continue;
      res = Math.fround(res + orTerm(p.positions, p.offsets[k]!, p.offsets[k + 1]!) / 1.64493406685);
    }
    res = Math.fround(res / postings.length);
    return res < 0 ? TINY : res;
  }

  /** calc_rank_and: every pair of occurrences of two different items, by their distance. */
  private rankAnd(postings: (Postings | null)[], row: number): number {
    let res = -1;
    const found: { positions: Uint16Array; from: number; to: number }[] = [];
    for (const p of postings) {
      if (!p) continue;
      const k = find(p.rows, row);
      if (k < 0) continue;
      const cur = { positions: p.positions, from: p.offsets[k]!, to: p.offsets[k + 1]! };
      for (const prev of found) {
        for (let l = cur.from; l < cur.to; l++) {
          const pl = cur.positions[l]!;
          for (let q = prev.from; q < prev.to; q++) {
            const pq = prev.positions[q]!;
            const dist = Math.abs((pl & (MAXENTRYPOS - 1)) - (pq & (MAXENTRYPOS - 1)));
            if (dist === 0) continue; // same position (every lexeme has positions, see load)
            const curw = Math.fround(Math.sqrt(Math.fround(Math.fround(WEIGHTS[pl >> 14]! * WEIGHTS[pq >> 14]!) * wordDistance(dist))));
            res = res < 0 ? curw : Math.fround(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
      found.push(cur);
    }
    return res < 0 ? TINY : res;
  }
}

/** Index of `value` in the ascending array, or -1. */
function find(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Reads a quoted lexeme of a tsquery or tsvector's text form from `start` (just after the opening
 * quote): `''` is a quote, a backslash escapes the next character. Null when it is not closed.
 */
function readQuoted(text: string, start: number): { lexeme: string; end: number } | null {
  let lexeme = '';
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      if (text[i + 1] !== "'") return { lexeme, end: i + 1 };
      lexeme += "'";
      i += 2;
    } else if (c === '\\' && i + 1 < text.length) {
      lexeme += text[i + 1];
      i += 2;
    } else {
      lexeme += c;
      i++;
    }
  }
  return null;
}

/**
 * Parses the text form of a tsvector (`'backpack':3A,12B 'black':1A 'x'`), calling back with each
 * lexeme and its positions as weight << 14 | position (D = 0 .. A = 3). A lexeme without
 * positions gets none (matching works; ranking treats it like Postgres's POSNULL only roughly).
 */
export function parseTsVector(text: string, each: (lexeme: string, positions: number[]) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new Error(`tsvector: unexpected ${text[i]} at ${i}`);
    const quoted = readQuoted(text, i + 1);
    if (!quoted) throw new Error(`tsvector: unterminated lexeme at ${i}`);
    const { lexeme } = quoted;
    i = quoted.end;
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let pos = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) pos = pos * 10 + (text.charCodeAt(i++) - 48);
        let weight = 0;
        const w = text[i];
        if (w === 'A') weight = 3;
        else if (w === 'B') weight = 2;
        else if (w === 'C') weight = 1;
        if (w === 'A' || w === 'B' || w === 'C' || w === 'D') i++;
        positions.push((weight << 14) | pos);
        if (text[i] === ',') i++;
        else break;
      }
    }
    each(lexeme, positions);
  }
}
