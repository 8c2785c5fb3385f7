/**
 * The runtime registry: which remotes exist, where their manifests live and which routes they own.
 * Served as JSON with no-cache by the edge, so a release changes the live site without a shell build.
 * Pure functions only (no DOM, no federation runtime) so they are easy to test.
 */
import { matchRoute } from '@store/contracts';

export { matchRoute };

export interface RemoteEntry {
  /** Federation name of the remote (its ModuleFederationPlugin name). */
  name: string;
  /** Manifest URL (absolute or relative to the page). */
  manifest: string;
  /** Release version, for display and diagnostics. */
  version: string;
  /** Route patterns the remote owns: "/" (exact), "/blog" (exact), "/blog/*" (prefix). */
  routes: string[];
  /** The remote exposes `./service` (a `start()` function) that the shell runs on every page. */
  service?: boolean;
  /**
   * The remote's pages read their data from the route's `_payload.json`, so the shell may
   * fetch it ahead of a visit (a visible link) before the remote's code runs.
   */
  payloads?: boolean;
}

export interface Registry {
  remotes: RemoteEntry[];
  /** Origins that developer overrides may point at. Patterns allow a "*" port: "http://localhost:*". */
  overrideOrigins: string[];
  /** Give up loading a remote after this long and show its fallback. */
  loadTimeoutMs: number;
  /** Error reporting settings of this deployment (sampling); defaults from shared-events. */
  analytics?: RegistryAnalytics;
}

export interface RegistryAnalytics {
  errorEndpoint?: string;
  errorSampleRate?: number;
  /** Share of page views whose Web Vitals are measured (checkout always). */
  vitalsSampleRate?: number;
  traceSampleRate?: number;
}

export const DEFAULT_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*'];
export const DEFAULT_LOAD_TIMEOUT_MS = 5000;

export class RegistryError extends Error {
  constructor(message: string) {
    super(`Invalid registry: ${message}`);
    this.name = 'RegistryError';
  }
}

const NAME = /^[a-z][a-z0-9_]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseRegistry(input: unknown): Registry {
  if (!isRecord(input)) throw new RegistryError('expected an object');
  const { remotes, overrideOrigins, loadTimeoutMs, analytics } = input;
  if (!Array.isArray(remotes)) throw new RegistryError('remotes must be a list');
  const seen = new Set<string>();
  const parsed = remotes.map((remote, index): RemoteEntry => {
    if (!isRecord(remote)) throw new RegistryError(`remotes.${index} must be an object`);
    const { name, manifest, version, routes, service, payloads } = remote;
    if (typeof name !== 'string' || !NAME.test(name)) throw new RegistryError(`remotes.${index}.name must match ${NAME}`);
    if (seen.has(name)) throw new RegistryError(`remotes.${index}.name "${name}" is listed twice`);
    seen.add(name);
    if (typeof manifest !== 'string' || manifest.length === 0) throw new RegistryError(`remotes.${index}.manifest must be a URL`);
    if (!Array.isArray(routes) || routes.some((r) => typeof r !== 'string' || !r.startsWith('/'))) {
      throw new RegistryError(`remotes.${index}.routes must be a list of paths starting with "/"`);
    }
    if (service !== undefined && typeof service !== 'boolean') throw new RegistryError(`remotes.${index}.service must be true or false`);
    if (payloads !== undefined && typeof payloads !== 'boolean') throw new RegistryError(`remotes.${index}.payloads must be true or false`);
    return {
      name,
      manifest,
      version: typeof version === 'string' ? version : 'unknown',
      routes: routes as string[],
      ...(service === true ? { service: true } : {}),
      ...(payloads === true ? { payloads: true } : {}),
    };
  });
  if (overrideOrigins !== undefined && (!Array.isArray(overrideOrigins) || overrideOrigins.some((o) => typeof o !== 'string'))) {
    throw new RegistryError('overrideOrigins must be a list of origins');
  }
  if (loadTimeoutMs !== undefined && (typeof loadTimeoutMs !== 'number' || !(loadTimeoutMs > 0))) {
    throw new RegistryError('loadTimeoutMs must be a positive number');
  }
  return {
    remotes: parsed,
    overrideOrigins: (overrideOrigins as string[] | undefined) ?? DEFAULT_OVERRIDE_ORIGINS,
    loadTimeoutMs: (loadTimeoutMs as number | undefined) ?? DEFAULT_LOAD_TIMEOUT_MS,
    ...(analytics === undefined ? {} : { analytics: parseAnalytics(analytics) }),
  };
}

function parseAnalytics(input: unknown): RegistryAnalytics {
  if (!isRecord(input)) throw new RegistryError('analytics must be an object');
  const { errorEndpoint, errorSampleRate, traceSampleRate, vitalsSampleRate } = input;
  const out: RegistryAnalytics = {};
  if (errorEndpoint !== undefined) {
    if (typeof errorEndpoint !== 'string' || !/^(\/|https:\/\/)/.test(errorEndpoint)) throw new RegistryError('analytics.errorEndpoint must be a path or an https URL');
    out.errorEndpoint = errorEndpoint;
  }
  for (const [key, value] of [['errorSampleRate', errorSampleRate], ['traceSampleRate', traceSampleRate], ['vitalsSampleRate', vitalsSampleRate]] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RegistryError(`analytics.${key} must be a number from 0 to 1`);
    out[key] = value;
  }
  return out;
}

export function ownerOf(registry: Pick<Registry, 'remotes'>, pathname: string): RemoteEntry | undefined {
  return registry.remotes.find((remote) => remote.routes.some((pattern) => matchRoute(pattern, pathname)));
}

/** Origin pattern match: exact origin, or "scheme://host:*" for any port. */
export function originAllowed(url: string, allowed: string[], base?: string): boolean {
  let origin: URL;
  try {
    origin = new URL(url, base);
  } catch {
    return false;
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return false;
  return allowed.some((pattern) => {
    if (pattern.endsWith(':*')) {
      const [scheme, host] = pattern.slice(0, -2).split('://');
      return origin.protocol === `${scheme}:` && origin.hostname === host;
    }
    try {
      return new URL(pattern).origin === origin.origin;
    } catch {
      return false;
    }
  });
}

export const OVERRIDE_STORAGE_PREFIX = 'mf-override:';
export const OVERRIDE_QUERY_PREFIX = 'mf-override.';
/** An override lasts this long after it was set from the query (not forever). */
export const OVERRIDE_TTL_MS = 8 * 60 * 60 * 1000;

/** An override as kept in localStorage (`mf-override:<name>`, JSON): the manifest and when it expires (epoch ms). */
export interface StoredOverride {
  manifest: string;
  expiresAt: number;
}

/**
 * A stored value, or null when it is not one (a bare URL written before overrides expired has no
 * time: it is dropped like an expired one).
 */
export function parseStoredOverride(raw: string | null | undefined): StoredOverride | null {
  if (!raw || !raw.startsWith('{')) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredOverride>;
    return typeof value.manifest === 'string' && value.manifest !== '' && typeof value.expiresAt === 'number' && Number.isFinite(value.expiresAt)
      ? { manifest: value.manifest, expiresAt: value.expiresAt }
      : null;
  } catch {
    return null;
  }
}

export const serializeStoredOverride = (value: StoredOverride): string => JSON.stringify(value);

export interface OverrideDecision {
  name: string;
  manifest: string;
  accepted: boolean;
  reason?: string;
  /** when an accepted override expires (epoch ms) */
  expiresAt?: number;
}

export interface OverrideSources {
  /** location.search of the page */
  search: string;
  /** Stored overrides: remote name to the stored value (null: unreadable, dropped). */
  stored: Record<string, StoredOverride | null>;
  /** The page URL, to resolve relative override URLs. */
  pageUrl: string;
  /** Now (epoch ms): stored overrides past their time are dropped. */
  now: number;
}

/**
 * Developer overrides: `?mf-override.catalog=http://localhost:3001/mf-manifest.json` or the
 * localStorage key `mf-override:catalog`. A query value wins over a stored one and an empty query
 * value clears the stored one. Only manifests on allow-listed origins are accepted (the edge
 * serves an empty list in production unless OVERRIDE_ORIGINS names some: overrides are then off
 * and stored ones are forgotten). An override set from the query is stored for OVERRIDE_TTL_MS
 * (8 hours); a stored one past its time, or without one, is dropped. Visits do not extend it.
 */
export function resolveOverrides(registry: Registry, sources: OverrideSources): {
  decisions: OverrideDecision[];
  store: Record<string, StoredOverride | null>;
} {
  const params = new URLSearchParams(sources.search);
  const wanted: Record<string, StoredOverride> = {};
  const store: Record<string, StoredOverride | null> = {};
  const expired: OverrideDecision[] = [];
  for (const [name, value] of Object.entries(sources.stored)) {
    if (value && value.expiresAt > sources.now) wanted[name] = value;
    else {
      store[name] = null;
      if (value) expired.push({ name, manifest: value.manifest, accepted: false, reason: 'expired' });
    }
  }
  for (const [key, value] of params) {
    if (!key.startsWith(OVERRIDE_QUERY_PREFIX)) continue;
    const name = key.slice(OVERRIDE_QUERY_PREFIX.length);
    if (value === '') {
      delete wanted[name];
      store[name] = null;
    } else {
      wanted[name] = { manifest: value, expiresAt: sources.now + OVERRIDE_TTL_MS };
      store[name] = wanted[name];
    }
  }
  // an expired one is reported unless the query sets the remote again
  const decisions = expired.filter((d) => !params.has(OVERRIDE_QUERY_PREFIX + d.name));
  for (const [name, { manifest, expiresAt }] of Object.entries(wanted)) {
    if (!registry.remotes.some((remote) => remote.name === name)) {
      decisions.push({ name, manifest, accepted: false, reason: `no remote named "${name}"` });
      store[name] = null;
    } else if (!originAllowed(manifest, registry.overrideOrigins, sources.pageUrl)) {
      decisions.push({ name, manifest, accepted: false, reason: registry.overrideOrigins.length === 0 ? 'overrides are off on this site' : 'origin not in the override allow-list' });
      store[name] = null;
    } else {
      decisions.push({ name, manifest, accepted: true, expiresAt });
    }
  }
  return { decisions, store };
}

/** The registry with accepted overrides applied. */
export function applyOverrides(registry: Registry, decisions: OverrideDecision[]): Registry {
  const accepted = new Map(decisions.filter((d) => d.accepted).map((d) => [d.name, d.manifest]));
  return {
    ...registry,
    remotes: registry.remotes.map((remote) =>
      accepted.has(remote.name) ? { ...remote, manifest: accepted.get(remote.name)!, version: 'override' } : remote,
    ),
  };
}
