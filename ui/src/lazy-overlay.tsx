/**
 * The overlay component, loaded on first use: a page that shows an overlay only after a tap (a
 * filter drawer, a size guide) does not carry its code in its first load. Same props as `Overlay`
 * (@store/ui/overlay); nothing renders until `open` is first true, then the overlay's chunk loads
 * (call `preloadOverlay` on pointer-enter or focus of the opening button to have it there by the tap).
 */
import { lazy, Suspense, useState } from 'react';
import type { OverlayProps } from './overlay';

const loadOverlay = () => import(/* webpackChunkName: "overlay" */ './overlay');
const Overlay = lazy(() => loadOverlay().then((module) => ({ default: module.Overlay })));

export function preloadOverlay(): void {
  void loadOverlay();
}

export function LazyOverlay(props: OverlayProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Overlay {...props} />
    </Suspense>
  );
}
