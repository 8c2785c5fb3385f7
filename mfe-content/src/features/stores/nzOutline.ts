/**
 * A coarse outline of New Zealand's three main islands as [lat, lng] rings, written for this
 * project (about 5-20 km accuracy: enough to place store pins, not for navigation). The store
 * map projects these and the pins with the same equirectangular projection.
 */
export type LatLng = readonly [lat: number, lng: number];

export const NORTH_ISLAND: LatLng[] = [
  [-34.43, 172.68], [-34.4, 173.03], [-34.82, 173.38], [-34.95, 173.55], [-35.05, 173.95], [-35.17, 174.33], [-35.45, 174.45], [-35.85, 174.55],
  [-36.05, 174.6], [-36.28, 174.8], [-36.6, 174.82], [-36.84, 174.85], [-36.9, 175.05], [-37.05, 175.25], [-37.18, 175.55], [-36.75, 175.45],
  [-36.47, 175.35], [-36.6, 175.55], [-36.83, 175.72], [-37.05, 175.85], [-37.4, 175.95], [-37.63, 176.17], [-37.75, 176.5], [-37.95, 176.99],
  [-38.0, 177.3], [-37.7, 177.65], [-37.53, 177.98], [-37.69, 178.55], [-38.0, 178.35], [-38.37, 178.3], [-38.68, 178.02], [-38.95, 177.95],
  [-39.15, 177.9], [-39.05, 177.4], [-39.3, 177.0], [-39.49, 176.92], [-39.65, 177.1], [-39.95, 176.95], [-40.3, 176.65], [-40.6, 176.45],
  [-40.9, 176.22], [-41.2, 175.85], [-41.42, 175.5], [-41.61, 175.29], [-41.45, 175.05], [-41.35, 174.8], [-41.25, 174.65], [-41.1, 174.85],
  [-40.98, 174.95], [-40.75, 175.1], [-40.47, 175.22], [-40.2, 175.15], [-39.95, 174.98], [-39.77, 174.47], [-39.58, 174.2], [-39.28, 173.75],
  [-39.05, 174.07], [-38.9, 174.4], [-38.7, 174.62], [-38.35, 174.72], [-38.07, 174.8], [-37.8, 174.85], [-37.39, 174.72], [-37.05, 174.53],
  [-36.82, 174.42], [-36.6, 174.25], [-36.4, 174.1], [-36.15, 173.9], [-35.9, 173.75], [-35.53, 173.37], [-35.17, 173.15], [-34.95, 173.05],
  [-34.75, 172.95], [-34.55, 172.75],
];

export const SOUTH_ISLAND: LatLng[] = [
  [-40.5, 172.7], [-40.52, 173.0], [-40.68, 172.72], [-40.82, 172.9], [-40.78, 173.0], [-41.05, 173.05], [-41.27, 173.28], [-41.05, 173.6],
  [-40.8, 173.85], [-41.05, 174.1], [-41.3, 174.3], [-41.73, 174.27], [-42.05, 173.95], [-42.42, 173.7], [-42.75, 173.35], [-43.05, 173.08],
  [-43.3, 172.75], [-43.53, 172.75], [-43.6, 173.05], [-43.85, 173.1], [-43.9, 172.7], [-43.85, 172.4], [-44.1, 171.85], [-44.4, 171.27],
  [-44.75, 171.15], [-45.1, 170.98], [-45.45, 170.8], [-45.8, 170.75], [-45.95, 170.35], [-46.2, 170.1], [-46.45, 169.82], [-46.66, 168.85],
  [-46.62, 168.35], [-46.45, 168.0], [-46.22, 167.55], [-46.16, 166.62], [-45.75, 166.5], [-45.28, 166.85], [-44.95, 167.35], [-44.62, 167.85],
  [-44.25, 168.25], [-43.97, 168.62], [-43.88, 169.04], [-43.55, 169.6], [-43.2, 170.3], [-42.72, 170.96], [-42.45, 171.2], [-42.1, 171.35],
  [-41.75, 171.45], [-41.5, 171.95], [-41.25, 172.1], [-40.78, 172.22], [-40.6, 172.45],
];

export const STEWART_ISLAND: LatLng[] = [
  [-46.7, 168.0], [-46.75, 168.2], [-46.95, 168.2], [-47.15, 167.95], [-47.27, 167.6], [-47.1, 167.55], [-46.85, 167.75],
];

export const NZ_OUTLINE: LatLng[][] = [NORTH_ISLAND, SOUTH_ISLAND, STEWART_ISLAND];

/** A country's map: its coastline rings and the equirectangular projection centred on it. */
export interface CountryMap {
  outline: LatLng[][];
  /** Reference latitude (the middle of the country): x is scaled by cos(lat0). */
  lat0: number;
  /** Longitude and latitude of the projection's origin (x = 0, y = 0), west and north of the country. */
  west: number;
  north: number;
}

export const NZ_MAP: CountryMap = { outline: NZ_OUTLINE, lat0: -41, west: 166, north: -34 };

/**
 * A coarse outline of Australia (the mainland and Tasmania) as [lat, lng] rings, written for this
 * project (about 20-60 km accuracy: enough to place store pins in the right city, not for
 * navigation), for the Australian site's store map.
 */
export const AU_MAINLAND: LatLng[] = [
  [-10.7, 142.5], [-12.5, 143.3], [-14.5, 144.5], [-16.0, 145.4], [-17.5, 146.1], [-19.2, 146.8], [-20.5, 148.7], [-22.3, 149.8],
  [-23.8, 151.3], [-25.0, 152.6], [-26.5, 153.1], [-28.2, 153.6], [-30.3, 153.1], [-32.0, 152.5], [-33.0, 151.7], [-33.9, 151.3],
  [-34.9, 150.8], [-36.5, 150.1], [-37.5, 149.9], [-37.8, 148.0], [-38.6, 146.4], [-39.1, 146.4], [-38.4, 145.1], [-38.3, 144.6],
  [-38.8, 143.5], [-38.4, 142.0], [-38.0, 140.6], [-37.0, 139.7], [-35.7, 139.3], [-35.6, 138.3], [-34.8, 138.5], [-34.2, 138.1],
  [-35.2, 137.0], [-34.2, 137.6], [-32.6, 137.8], [-34.8, 135.8], [-33.0, 134.2], [-32.0, 132.5], [-31.6, 131.0], [-31.7, 129.0],
  [-32.3, 126.0], [-33.9, 123.6], [-34.4, 119.8], [-35.0, 117.9], [-34.4, 115.1], [-33.5, 115.0], [-32.0, 115.7], [-30.3, 115.0],
  [-28.8, 114.6], [-26.5, 113.5], [-24.0, 113.4], [-21.8, 114.1], [-20.7, 116.8], [-19.9, 118.9], [-18.0, 122.2], [-16.4, 123.0],
  [-14.9, 125.0], [-14.0, 127.0], [-15.0, 128.2], [-14.8, 129.5], [-13.0, 130.1], [-12.4, 130.8], [-11.9, 132.6], [-12.2, 134.5],
  [-12.0, 136.6], [-13.8, 136.0], [-15.0, 135.7], [-16.3, 137.0], [-17.5, 140.0], [-15.0, 141.5], [-12.6, 141.8],
];

export const TASMANIA: LatLng[] = [
  [-40.7, 144.7], [-41.0, 145.5], [-41.1, 146.4], [-40.9, 148.3], [-42.1, 148.3], [-43.2, 147.9], [-43.6, 146.9], [-43.0, 145.9], [-41.8, 145.2],
];

export const AU_OUTLINE: LatLng[][] = [AU_MAINLAND, TASMANIA];

export const AU_MAP: CountryMap = { outline: AU_OUTLINE, lat0: -27, west: 112, north: -10 };

/** The map of a market's country (NZ for any other). */
export function countryMap(country: string): CountryMap {
  return country === 'AU' ? AU_MAP : NZ_MAP;
}

/** Equirectangular projection to SVG units (1 unit ≈ 1 km at the reference latitude; y grows southwards). */
export function project([lat, lng]: LatLng, map: CountryMap = NZ_MAP): [x: number, y: number] {
  const kmPerDegree = 111.32;
  return [(lng - map.west) * Math.cos((map.lat0 * Math.PI) / 180) * kmPerDegree, (map.north - lat) * kmPerDegree];
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const views = new Map<CountryMap, ViewBox>();

/** The whole country with a margin. */
export function countryView(map: CountryMap = NZ_MAP): ViewBox {
  const known = views.get(map);
  if (known) return known;
  const points = map.outline.flat().map((p) => project(p, map));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 30;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  const view = { x, y, width: Math.max(...xs) + pad - x, height: Math.max(...ys) + pad - y };
  views.set(map, view);
  return view;
}

/** The whole of New Zealand with a margin. */
export const NZ_VIEW: ViewBox = countryView(NZ_MAP);

/**
 * A view fitting `points` (projected) with a margin, at least `minSpan` km across and with the
 * whole-country view's aspect ratio; the whole country when there are no points.
 */
export function fitView(points: LatLng[], minSpan = 80, map: CountryMap = NZ_MAP): ViewBox {
  const whole = countryView(map);
  if (points.length === 0) return whole;
  const projected = points.map((p) => project(p, map));
  const xs = projected.map((p) => p[0]);
  const ys = projected.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const aspect = whole.width / whole.height;
  let height = Math.max(Math.max(...ys) - Math.min(...ys), minSpan) * 1.3;
  let width = Math.max(Math.max(...xs) - Math.min(...xs), minSpan) * 1.3;
  if (width / height > aspect) height = width / aspect;
  else width = height * aspect;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

export function ringPath(ring: LatLng[], map: CountryMap = NZ_MAP): string {
  return `${ring.map((point, i) => `${i === 0 ? 'M' : 'L'}${project(point, map).map((v) => v.toFixed(1)).join(' ')}`).join(' ')} Z`;
}
