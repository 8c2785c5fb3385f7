import { Component, lazy, Suspense, type ReactNode } from 'react';
import { MESSAGES } from '../../lib/messages';
import { LoadError } from '../../lib/ui';
import type { StoreMapProps } from './StoreMap';

/** The map is its own chunk: the store list shows without it, and a failed chunk shows the map message. */
export const loadStoreMap = () => import('./StoreMap');
const StoreMap = lazy(loadStoreMap);

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <LoadError>{MESSAGES.mapLoad}</LoadError> : this.props.children;
  }
}

/** The box the map is drawn in, while it loads (and in the server render, which has no map). */
export function MapPlaceholder() {
  return (
    <div role="status" css={{ width: '100%', height: '100%', background: '#dbe7ec', borderRadius: 12, display: 'grid', placeItems: 'center', color: 'var(--muted)' }}>
      Loading map…
    </div>
  );
}

export function LazyStoreMap(props: StoreMapProps) {
  return (
    <MapBoundary>
      <Suspense fallback={<MapPlaceholder />}>
        <StoreMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
