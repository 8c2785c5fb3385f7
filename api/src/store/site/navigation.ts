import { imageUrl, type NavItem } from '@store/contracts';
import { asc, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { siteNavItems } from '../../platform/db/schema-site.js';
import { NAVIGATION_SEED, type NavSeedItem } from './navigation-data.js';

/** Width of the dropdown images (they show at about 280 CSS px; 600 covers 2x screens). */
export const NAV_IMAGE_WIDTH = 600;

type Row = typeof siteNavItems.$inferSelect;

/** Builds the navigation tree (items, children, grandchildren) from the table's rows. */
export function navigationTree(rows: Row[]): NavItem[] {
  const byParent = new Map<number | null, Row[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position || a.id - b.id)) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const image = (row: Row) => (row.imageSrc ? { image: { url: imageUrl(row.imageSrc, { width: NAV_IMAGE_WIDTH }), alt: row.imageAlt ?? '' } } : {});
  const link = (row: Row) => ({ label: row.label, href: row.href });
  return (byParent.get(null) ?? [])
    .filter((row) => row.level === 0)
    .map((item) => ({
      link: link(item),
      children: (byParent.get(item.id) ?? []).map((child) => ({
        link: link(child),
        ...image(child),
        location: child.location === 'right' ? ('right' as const) : ('left' as const),
        children: (byParent.get(child.id) ?? []).map((leaf) => ({ link: link(leaf), ...image(leaf) })),
      })),
    }));
}

export async function loadNavigation(db: Database): Promise<NavItem[]> {
  const rows = await db.select().from(siteNavItems).orderBy(asc(siteNavItems.level), asc(siteNavItems.position));
  return navigationTree(rows);
}

/** Inserts the seeded navigation when the table is empty (idempotent across restarts). */
export async function seedNavigation(db: Database, items: NavSeedItem[] = NAVIGATION_SEED): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from site_nav_items) as any`);
  if (row?.any) return false;
  await db.transaction(async (tx) => {
    for (const [i, item] of items.entries()) {
      const [top] = await tx.insert(siteNavItems).values({ level: 0, position: i, label: item.label, href: item.href }).returning({ id: siteNavItems.id });
      for (const [j, child] of (item.children ?? []).entries()) {
        const [mid] = await tx
          .insert(siteNavItems)
          .values({ parentId: top!.id, level: 1, position: j, label: child.label, href: child.href, location: child.location, imageSrc: child.image?.src ?? null, imageAlt: child.image?.alt ?? null })
          .returning({ id: siteNavItems.id });
        const leaves = child.children ?? [];
        if (leaves.length > 0) {
          await tx.insert(siteNavItems).values(
            leaves.map((leaf, k) => ({ parentId: mid!.id, level: 2, position: k, label: leaf.label, href: leaf.href, imageSrc: leaf.image?.src ?? null, imageAlt: leaf.image?.alt ?? null })),
          );
        }
      }
    }
  });
  return true;
}
