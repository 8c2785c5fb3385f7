/** The product overlays (badges) the catalogue knows: a product's `overlayIds` name them. */
export const OVERLAYS = {
  sale: { id: 'sale', name: 'Sale', type: 'sale' as const },
  comingSoon: { id: 'coming-soon', name: 'Coming soon', type: 'comingSoon' as const },
  newArrival: { id: 'new-arrival', name: 'New arrival', type: 'newArrival' as const },
};
export const OVERLAY_BY_ID = new Map(Object.values(OVERLAYS).map((overlay) => [overlay.id, overlay]));
