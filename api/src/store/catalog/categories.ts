/**
 * The category tree as the catalogue keeps it in memory: loaded once per catalogue version (with
 * each category's product count over its subtree), answered as GET /api/catalog/categories, and
 * the breadcrumbs and ancestor chains listings need.
 */
import type { Breadcrumb, CategoryNode } from '@store/contracts';
import { asc, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { categories, productCategories } from '../../platform/db/schema.js';

/** A category row as the service keeps it in memory: the same shape the seed writes. */
/** A category or collection of the tree (a row of `categories`). */
export interface CategoryInfo {
  id: number;
  parentId: number | null;
  slug: string;
  path: string;
  name: string;
  position: number;
  kind: 'category' | 'collection';
}


export interface CategoryIndex {
  list: CategoryInfo[];
  byId: Map<number, CategoryInfo>;
  byPath: Map<string, CategoryInfo>;
  /** Category id -> ids of itself and all descendants. */
  subtree: Map<number, number[]>;
  counts: Map<number, number>;
}

export async function loadCategoryIndex(db: Database): Promise<CategoryIndex> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      path: categories.path,
      name: categories.name,
      position: categories.position,
      kind: categories.kind,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const list = rows.map((r) => ({ ...r, kind: r.kind === 'collection' ? ('collection' as const) : ('category' as const) }));
  const byId = new Map(list.map((c) => [c.id, c]));
  const byPath = new Map(list.map((c) => [c.path, c]));
  const subtree = new Map<number, number[]>();
  for (const c of list) subtree.set(c.id, list.filter((d) => d.path === c.path || d.path.startsWith(`${c.path}/`)).map((d) => d.id));
  const countRows = await queryRows<{ id: number; n: number }>(
    db,
    sql`select c.id as id, count(distinct pc.product_id)::int as n
        from ${categories} c
        join ${categories} d on d.path = c.path or d.path like c.path || '/%'
        join ${productCategories} pc on pc.category_id = d.id
        group by c.id`,
  );
  const counts = new Map(countRows.map((r) => [Number(r.id), Number(r.n)]));
  return { list, byId, byPath, subtree, counts };
}

/** The tree below `parentId` (null: the whole tree) with each category's product count. */
export function categoryNodes(index: CategoryIndex, parentId: number | null = null): CategoryNode[] {
  return index.list
    .filter((c) => c.parentId === parentId)
    .map((c) => ({
      id: String(c.id),
      name: c.name,
      slug: c.slug,
      path: c.path,
      position: c.position,
      kind: c.kind,
      productCount: index.counts.get(c.id) ?? 0,
      children: categoryNodes(index, c.id),
    }));
}

export function breadcrumbsOf(index: CategoryIndex, category: CategoryInfo): Breadcrumb[] {
  const chain: Breadcrumb[] = [];
  let current: CategoryInfo | undefined = category;
  while (current) {
    chain.unshift({ name: current.name, path: current.path });
    current = current.parentId === null ? undefined : index.byId.get(current.parentId);
  }
  return chain;
}
