/**
 * A product page opened from a tile shows what the tile already knew (name, brand, colour, price,
 * picture) at once, while the rest of the product loads: the tile's summary travels in the
 * navigation's history state under this key (read by the product page's `readPreview`).
 */
export const PREVIEW_STATE_KEY = 'productPreview';
