import { SORT_OPTIONS } from '@store/contracts';

/** The sorts, Recommended first with the empty value (the contracts' list; zod-free). */
export const SORTS = SORT_OPTIONS;

/** A sort value not in the list is ignored (Recommended). */
export function normaliseSort(value: string | null): string {
  return SORTS.some((sort) => sort.value === value) ? (value as string) : '';
}

export function normalisePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1;
}
