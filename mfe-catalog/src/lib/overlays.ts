/** The background of a product's overlay badge (Sale, Coming soon, New arrival) on tiles and on the product's gallery. */
const OVERLAY_COLOURS: Record<string, string> = { sale: 'var(--clay)', comingSoon: '#3d5a80' };

export const overlayColour = (type: string): string => OVERLAY_COLOURS[type] ?? 'var(--forest)';
