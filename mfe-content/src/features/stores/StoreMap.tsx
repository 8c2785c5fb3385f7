import type { Store, StoreSearchOrigin } from '@store/contracts';
import { useMarket } from '@store/ui/market';
import { useNavigate } from 'react-router';
import { countryMap, fitView, project as projectOn, ringPath, type LatLng } from './nzOutline';

export interface StoreMapProps {
  stores: Pick<Store, 'id' | 'name' | 'path' | 'lat' | 'lng'>[];
  origin?: StoreSearchOrigin | null;
  /** Accessible name of the map, e.g. "Map of the 5 stores nearest to Mount Eden". */
  label: string;
  /** Zoom to the pins (and origin) instead of showing the whole country. */
  zoom?: boolean;
  /** Number the pins 1, 2, 3 (list order). */
  numbered?: boolean;
  /** Smallest area shown when zoomed, in km across (enough coastline to recognise the place). */
  minSpanKm?: number;
}

/**
 * The site's country (New Zealand, or Australia on the AU site) drawn from the project's own coarse
 * coastline (no map provider, no key), with a pin per store projected from its coordinates. Pins
 * are links to the store pages.
 */
export default function StoreMap({ stores, origin, label, zoom = false, numbered = false, minSpanKm = 120 }: StoreMapProps) {
  const navigate = useNavigate();
  const map = countryMap(useMarket().country);
  const project = (point: LatLng) => projectOn(point, map);
  const islandPaths = map.outline.map((ring) => ringPath(ring, map));
  // zoomed: fit the search origin and the nearest three stores (the others may fall outside)
  const points: LatLng[] = stores.slice(0, origin ? 3 : stores.length).map((s) => [s.lat, s.lng] as const);
  if (origin) points.push([origin.lat, origin.lng]);
  const view = fitView(zoom ? points : [], minSpanKm, map);
  const unit = view.width / 100; // pin sizes relative to the view, so they look the same at any zoom
  return (
    <svg
      role="group"
      aria-label={label}
      data-testid="store-map"
      viewBox={`${view.x.toFixed(1)} ${view.y.toFixed(1)} ${view.width.toFixed(1)} ${view.height.toFixed(1)}`}
      preserveAspectRatio="xMidYMid meet"
      css={{ display: 'block', width: '100%', height: '100%', background: '#dbe7ec', borderRadius: 12 }}
    >
      <g aria-hidden="true">
        <rect x={view.x} y={view.y} width={view.width} height={view.height} fill="#dbe7ec" />
        {islandPaths.map((d) => (
          <path key={d.slice(0, 24)} d={d} fill="#eee7d8" stroke="#b9ad95" strokeWidth={unit * 0.25} strokeLinejoin="round" />
        ))}
      </g>
      {origin ? (
        <g aria-hidden="true" data-testid="map-origin" transform={`translate(${project([origin.lat, origin.lng]).join(' ')})`}>
          <circle r={unit * 2.4} fill="var(--clay)" opacity={0.25} />
          <circle r={unit * 1} fill="var(--clay)" stroke="#fff" strokeWidth={unit * 0.4} />
        </g>
      ) : null}
      {/* drawn farthest first, so the nearest pin is on top where pins overlap */}
      {stores
        .map((store, i) => [store, i] as const)
        .reverse()
        .map(([store, i]) => {
        const [x, y] = project([store.lat, store.lng]);
        const href = `/stores/${store.path}`;
        return (
          <a
            key={store.id}
            href={href}
            data-testid="map-pin"
            data-store={store.path}
            aria-label={`${numbered ? `${i + 1}. ` : ''}${store.name}`}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              navigate(href);
            }}
            css={{ cursor: 'pointer', '&:focus-visible circle': { stroke: 'var(--clay)' } }}
          >
            <title>{store.name}</title>
            <g transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
              <path d={`M0 0 L${-unit * 1.6} ${-unit * 3} A${unit * 2.2} ${unit * 2.2} 0 1 1 ${unit * 1.6} ${-unit * 3} Z`} fill={i === 0 && numbered ? 'var(--clay)' : 'var(--forest)'} />
              <circle cy={-unit * 4.3} r={unit * 1.5} fill="#fff" stroke="transparent" strokeWidth={unit * 0.6} />
              {numbered ? (
                <text y={-unit * 3.75} textAnchor="middle" fontSize={unit * 1.8} fontWeight={700} fill="var(--ink)" fontFamily="system-ui, sans-serif">
                  {i + 1}
                </text>
              ) : null}
            </g>
          </a>
        );
      })}
    </svg>
  );
}
