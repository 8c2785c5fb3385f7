import type { CSSObject } from '@emotion/react';
import { PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';

/** The space kept for a phone's tile not yet drawn: its picture (half the width left by the page's
 * 20 px sides and the 12 px gap, at the products' aspect ratio) and about three lines of text. */
const PHONE_TILE_HEIGHT = `calc((100vw - 52px) / ${2 * PRODUCT_IMAGE_ASPECT_RATIO} + 139px)`;

/**
 * The product grid: two products a row on a phone (320 px and up), as many 180 px columns as fit
 * from 600 px. Tiles after the first four are laid out and painted only when the shopper nears
 * them (`content-visibility: auto`); the space kept for one is a phone's tile (a 0.8 picture in
 * half the width, three lines of text), remembered once it has been drawn.
 */
export const productGrid: CSSObject = {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: '1.5rem .75rem',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  overflowWrap: 'anywhere',
  '& > li:nth-of-type(n+5)': { contentVisibility: 'auto', containIntrinsicSize: `auto ${PHONE_TILE_HEIGHT}` },
  '@media (min-width: 600px)': { gap: '2rem 1.25rem', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', '& > li:nth-of-type(n+5)': { containIntrinsicSize: 'auto 420px' } },
};
