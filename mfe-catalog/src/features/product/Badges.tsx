import type { Overlay } from '@store/contracts';

const COLOURS: Record<string, string> = { sale: 'var(--clay)', comingSoon: '#3d5a80' };

/** The product's overlays (Sale, New arrival, Coming soon) on the gallery's main picture. */
export function GalleryBadges({ overlays }: { overlays: readonly Pick<Overlay, 'id' | 'name' | 'type'>[] }) {
  return (
    <div css={{ position: 'absolute', top: 12, left: 12, display: 'flex', gap: 6 }}>
      {overlays.map((o) => (
        <span key={o.id} css={{ background: COLOURS[o.type] ?? 'var(--forest)', color: '#fff', fontSize: 13, padding: '2px 10px', borderRadius: 999 }}>
          {o.name}
        </span>
      ))}
    </div>
  );
}
