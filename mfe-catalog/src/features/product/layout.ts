/** The product page's layout, shared by the page and its preview (ProductPreview) so nothing moves when the product arrives. */
export const PAGE_GRID = {
  maxWidth: 1280,
  margin: '0 auto',
  padding: '2rem 1.25rem',
  display: 'grid',
  gap: '2.5rem',
  gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)',
  // minmax(0, …): the column is the screen's width, never its content's (four 80 px thumbnails made it 344 px)
  '@media (max-width: 767px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
} as const;

export const BREADCRUMB = { gridColumn: '1 / -1', fontSize: 14, color: 'var(--muted)', marginBottom: '-1.5rem' } as const;

export const DETAILS_H1 = { fontFamily: 'Georgia, serif', fontWeight: 400, fontSize: 34, margin: '.25rem 0 .25rem' } as const;

export const PRICE = { fontSize: 22, margin: '0 0 1.5rem' } as const;

/** The gallery's main picture: the whole width on a phone, 55% of it beside the details. */
export const GALLERY_SIZES = '(max-width: 767px) 100vw, 55vw';
