/**
 * The overlay component, loaded on first use: a page that shows an overlay only after a tap (a
 * filter drawer, a size guide) does not carry its code in its first load. Same props as `Overlay`
 * (@store/ui/overlay); nothing renders until `open` is first true, then the overlay's chunk loads
 * (call `preloadOverlay` on pointer-enter or focus of the opening button to have it there by the tap).
 *
 * Not React.lazy: a lazy component suspends on its first render even when its chunk is already
 * loaded, and React then holds the revealed content back for up to 300 ms (its Suspense fallback
 * throttle), so every first open waited. Once the module is here the overlay renders at once.
 */
import { useEffect, useState } from 'react';
import type { OverlayProps } from './overlay';

type OverlayModule = typeof import('./overlay');
let overlayModule: OverlayModule | null = null;
const loadOverlay = (): Promise<OverlayModule> => import(/* webpackChunkName: "overlay" */ './overlay').then((module) => (overlayModule = module));

export function preloadOverlay(): void {
  void loadOverlay().catch(() => undefined);
}

export function LazyOverlay(props: OverlayProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  const [module, setModule] = useState<OverlayModule | null>(overlayModule);
  useEffect(() => {
    if (!used || module) return undefined;
    let live = true;
    void loadOverlay().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [used, module]);
  const Overlay = (module ?? overlayModule)?.Overlay;
  if (!used || !Overlay) return null;
  return <Overlay {...props} />;
}
