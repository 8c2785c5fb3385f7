import type { ImageRef, Overlay } from '@store/contracts';
import { PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import { Image } from '@store/ui/image';
import { overlayColour } from '../../lib/overlays';
import { GALLERY_SIZES } from './layout';

/**
 * The gallery's main picture, loaded first, with the product's overlays (Sale, New arrival, Coming
 * soon) on it: the same on the product page and on its preview from a tile.
 */
export function MainPicture({ image, overlays }: { image: ImageRef; overlays: readonly Pick<Overlay, 'id' | 'name' | 'type'>[] }) {
  return (
    <div css={{ position: 'relative', borderRadius: 12, overflow: 'hidden' }}>
      <Image src={image.src} alt={image.alt} width={image.width} height={image.height} aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO} sizes={GALLERY_SIZES} priority />
      <div css={{ position: 'absolute', top: 12, left: 12, display: 'flex', gap: 6 }}>
        {overlays.map((o) => (
          <span key={o.id} css={{ background: overlayColour(o.type), color: '#fff', fontSize: 13, padding: '2px 10px', borderRadius: 999 }}>
            {o.name}
          </span>
        ))}
      </div>
    </div>
  );
}
