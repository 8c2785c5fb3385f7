/** How the catalogue reads the names, sorts and paths it is asked for. */
import { SORT_OPTIONS } from '@store/contracts';

/** "Grey Marle" -> "grey-marle" */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const SORT_VALUES: ReadonlySet<string> = new Set(SORT_OPTIONS.map((s) => s.value));

/** Unknown sorts mean Recommended (spec: a sort value not in the configured list is ignored). */
export function normaliseSort(sort: string | undefined): string {
  const value = (sort ?? '').trim().toLowerCase();
  return SORT_VALUES.has(value) ? value : '';
}

/** "/Bags/Backpacks/" -> "bags/backpacks" */
export function normaliseCategoryPath(path: string): string {
  return path
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^categories\//, '')
    .replace(/\/{2,}/g, '/');
}

/** Accepts "x-p12", "/products/x-p12" or "products/x-p12/". */
export function normaliseProductPath(path: string): string {
  return path
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^products\//, '')
    .toLowerCase();
}
