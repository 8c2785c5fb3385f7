import type { Product } from '@store/contracts';
import { Overlay } from '@store/ui/overlay';
import { FindInStore } from './FindInStore';
import { SizeGuide } from './SizeGuide';

export type ProductOverlay = 'size-guide' | 'find-in-store';

/**
 * The product page's overlays: the size guide and find in store. Loaded on first use (the page
 * imports this module lazily), so neither they nor the overlay component are in the page's first load.
 */
export default function ProductOverlays({ product, open, onClose }: { product: Product; open: ProductOverlay | null; onClose: () => void }) {
  return (
    <>
      <Overlay open={open === 'size-guide'} onClose={onClose} title="Size guide" width="lg">
        <SizeGuide productType={product.productType} variantLabels={product.variants.map((v) => v.label)} />
      </Overlay>
      <Overlay open={open === 'find-in-store'} onClose={onClose} title="Find in store" position="right">
        <FindInStore product={product} />
      </Overlay>
    </>
  );
}
