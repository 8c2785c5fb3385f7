// Where an overlay's panel sits for each position, and how it enters and leaves.
import { keyframes } from '@emotion/react';

/** Height of the overlay header holding the title and the close button. */
export const OVERLAY_HEADER_HEIGHT = '3.5rem';

export type OverlayPosition = 'center' | 'left' | 'right' | 'top' | 'bottom' | 'screen' | 'fadeInAbsolute';

export const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
export const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const slide = (x: string, y: string) => ({
  in: keyframes({ from: { transform: `translate(${x}, ${y})`, opacity: 0.4 }, to: { transform: 'none', opacity: 1 } }),
  out: keyframes({ from: { transform: 'none', opacity: 1 }, to: { transform: `translate(${x}, ${y})`, opacity: 0 } }),
});
export const ANIMATIONS: Record<OverlayPosition, { in: ReturnType<typeof keyframes>; out: ReturnType<typeof keyframes> }> = {
  // the centred panel is placed with translate(-50%, -50%): its keyframes keep that (fill "both")
  center: {
    in: keyframes({ from: { transform: 'translate(-50%, -50%) scale(.96)', opacity: 0 }, to: { transform: 'translate(-50%, -50%)', opacity: 1 } }),
    out: keyframes({ from: { transform: 'translate(-50%, -50%)', opacity: 1 }, to: { transform: 'translate(-50%, -50%) scale(.96)', opacity: 0 } }),
  },
  left: slide('-100%', '0'),
  right: slide('100%', '0'),
  top: slide('0', '-100%'),
  bottom: slide('0', '100%'),
  screen: { in: fadeIn, out: fadeOut },
  fadeInAbsolute: { in: fadeIn, out: fadeOut },
};

export function panelPlacement(position: OverlayPosition, width: string) {
  switch (position) {
    case 'left':
    case 'right':
      return { top: 0, bottom: 0, [position]: 0, width: `min(${width}, 100vw)`, height: '100%' };
    case 'top':
      return { top: 0, left: 0, right: 0, maxHeight: '100%' };
    case 'bottom':
      return { bottom: 0, left: 0, right: 0, maxHeight: '85vh', borderRadius: '12px 12px 0 0' };
    case 'screen':
      return { inset: 0 };
    case 'fadeInAbsolute':
      return { top: OVERLAY_HEADER_HEIGHT, left: '50%', marginLeft: `calc(min(${width}, 100vw - 2rem) / -2)`, width: `min(${width}, 100vw - 2rem)`, maxHeight: `calc(100vh - ${OVERLAY_HEADER_HEIGHT} - 1rem)`, borderRadius: 12 };
    case 'center':
    default:
      return { top: '50%', left: '50%', transform: 'translate(-50%, -50%)', width: `min(${width}, calc(100vw - 2rem))`, maxHeight: 'calc(100vh - 2rem)', borderRadius: 12 };
  }
}
