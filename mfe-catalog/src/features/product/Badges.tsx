import type { Overlay } from '@store/contracts';
import { overlayColour } from '../../lib/overlays';

/** The product's overlays (Sale, New arrival, Coming soon) on the gallery's main picture. */
export function GalleryBadges({ overlays }: { overlays: readonly Pick<Overlay, 'id' | 'name' | 'type'>[] }) {
  return (
    <div css={{ position: 'absolute', top: 12, left: 12, display: 'flex', gap: 6 }}>
      {overlays.map((o) => (
        <span key={o.id} css={{ background: overlayColour(o.type), color: '#fff', fontSize: 13, padding: '2px 10px', borderRadius: 999 }}>
          {o.name}
        </span>
      ))}
    </div>
  );
}
