/**
 * Geo locale: the visitor's country as the edge embedded it in the page
 * (`<script id="geo-locale" type="application/json">`), and whether the visitor acknowledged a
 * country that differs from the site's (persisted in localStorage).
 */
export type GeoResult = 'SUCCESS' | 'NOT_FOUND' | 'ERROR';

export interface GeoLocale {
  country: string;
  result: GeoResult;
}

export const GEO_FALLBACK_COUNTRY = 'NZ';
export const GEO_ACK_KEY = 'fernleaf.geo.ack';

/** Reads the embedded geo locale: no script → NOT_FOUND, anything unreadable → ERROR (both NZ). */
export function readGeoLocale(doc: Document = document): GeoLocale {
  const script = doc.getElementById('geo-locale');
  if (!script) return { country: GEO_FALLBACK_COUNTRY, result: 'NOT_FOUND' };
  try {
    const data = JSON.parse(script.textContent ?? '') as { country?: unknown; result?: unknown };
    const result = data?.result;
    if (result !== 'SUCCESS' && result !== 'NOT_FOUND' && result !== 'ERROR') throw new Error('result');
    if (result !== 'SUCCESS') return { country: GEO_FALLBACK_COUNTRY, result };
    if (typeof data.country !== 'string' || !/^[A-Za-z]{2}$/.test(data.country)) throw new Error('country');
    return { country: data.country.toUpperCase(), result };
  } catch {
    return { country: GEO_FALLBACK_COUNTRY, result: 'ERROR' };
  }
}

/** The country the visitor acknowledged (chose to stay on this site from), if any. */
export function readGeoAck(): string | null {
  try {
    return localStorage.getItem(GEO_ACK_KEY);
  } catch {
    return null;
  }
}

export function writeGeoAck(country: string): void {
  try {
    localStorage.setItem(GEO_ACK_KEY, country);
  } catch {
    // storage unavailable (private mode, quota): the prompt shows again next visit
  }
}

/** Whether to suggest another region: a known country other than the site's, not acknowledged. */
export function shouldPromptCountry(geo: GeoLocale, siteCountry: string, acknowledged: string | null): boolean {
  return geo.result === 'SUCCESS' && geo.country !== siteCountry && acknowledged !== geo.country;
}
