/** Spec §9: the sorts, Recommended first with the empty value. */
export const SORTS = [
  { value: '', label: 'Recommended' },
  { value: 'name-asc', label: 'Name A to Z' },
  { value: 'name-desc', label: 'Name Z to A' },
  { value: 'price-asc', label: 'Price Lowest First' },
  { value: 'price-desc', label: 'Price Highest First' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
] as const;

/** A sort value not in the list is ignored (Recommended). */
export function normaliseSort(value: string | null): string {
  return SORTS.some((sort) => sort.value === value) ? (value as string) : '';
}

export function normalisePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1;
}
