/**
 * The remotes' own warm-ups (a server bundle's optional `warm`: the catalog renders its product
 * tiles and keeps them) in every renderer, for the default market. The start-up warm-up
 * (warm-up.ts) runs them before the process is ready (`warmAll`); afterwards a version that goes
 * live (a release, a canary) or a renderer that replaces one that exited is warmed in the
 * background by the first page request that sees it (`warmNew`), at most once per remote every
 * `intervalMs` (the edge's default: ten minutes): a burst of releases or rollbacks warms its first
 * version and, once the interval is over, the one live at its end, not every one on the way (each warm-up costs the renderers CPU and keeps that version's compiled
 * code). A version is warmed once per set of renderers.
 */
import type { MarketSettings } from '@store/contracts';
import type { ServerApi } from '@store/contracts/ssr';
import type { FastifyBaseLogger } from 'fastify';
import type { RegistryFile } from './registry-file';
import { bundleFile, hasServerBundle } from './ssr/bundles';
import { browserOnly, type SsrOptions } from './ssr/page-types';
import { REMOTE_WARM_MS } from './warm-up';

export interface RemoteWarmOptions {
  ssr: SsrOptions;
  deployDir: string;
  /** the market the warm-ups render for (the default one); null: server rendering is off */
  market: () => MarketSettings | null;
  api: (market: MarketSettings) => ServerApi;
  log: FastifyBaseLogger;
  /** at most one background warm-up per remote in this many ms */
  intervalMs: number;
}

/** Each version a registry has live: the stable one and the canary's. */
function* liveVersions(registry: RegistryFile): Generator<{ name: string; version: string }> {
  for (const remote of registry.remotes) {
    yield { name: remote.name, version: remote.version };
    if (remote.canary) yield { name: remote.name, version: remote.canary.version };
  }
}

export function remoteWarmer(options: RemoteWarmOptions) {
  const { ssr, deployDir } = options;
  /** bundle files warmed (or being warmed) in the current set of renderers (`generation`: how many had been started then) */
  let warmed = new Set<string>();
  let generation = -1;
  /** The files warmed in the renderers running now: none once a renderer has been started since. */
  const warmedNow = () => {
    if (generation !== ssr.renderers.started) {
      warmed = new Set();
      generation = ssr.renderers.started;
    }
    return warmed;
  };
  /** when each remote's last background warm-up started */
  const lastWarm = new Map<string, number>();

  /** Runs the warm-ups of the registry's live versions (`only`: of these bundle files) in every renderer, each within `ms`: how many ran. */
  const warm = async (registry: RegistryFile, ms: number, only?: Set<string>): Promise<number> => {
    const market = options.market();
    if (!market) return 0;
    // (the renderers first: a version is warmed for the renderers that exist)
    await ssr.renderers.startAll();
    let ran = 0;
    for (const { name, version } of liveVersions(registry)) {
      const file = bundleFile(deployDir, name, version);
      if (only && !only.has(file)) continue;
      warmedNow().add(file);
      if (browserOnly(ssr, name) || !hasServerBundle(deployDir, name, version)) continue;
      const outcomes = await ssr.renderers.callEach<boolean>({ op: 'warm', file, market, ms }, ms, options.api(market));
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') ran += outcome.value ? 1 : 0;
        else options.log.warn({ err: outcome.reason, remote: name, version }, 'a remote could not warm up');
      }
    }
    return ran;
  };

  return {
    warmAll: (registry: RegistryFile, ms: number) => warm(registry, ms),
    /** Starts, in the background, the warm-up of the live versions not warmed in the current renderers yet. */
    warmNew(registry: RegistryFile): void {
      // (with server rendering off `warm` does nothing: it has no market)
      if (ssr.renderers.started === 0) return;
      const now = Date.now();
      const done = warmedNow();
      const live = new Set<string>();
      let fresh: Set<string> | null = null;
      // (decided once per remote: its stable and canary versions go together)
      const due = new Map<string, boolean>();
      for (const { name, version } of liveVersions(registry)) {
        const file = bundleFile(deployDir, name, version);
        live.add(file);
        if (!due.has(name)) due.set(name, now - (lastWarm.get(name) ?? -Infinity) >= options.intervalMs);
        if (!due.get(name) || done.has(file)) continue;
        // (once: a warm-up that fails is not tried again on every request)
        done.add(file);
        lastWarm.set(name, now);
        (fresh ??= new Set()).add(file);
      }
      // versions no longer live are forgotten (one rolled back to later is warmed again)
      for (const file of done) if (!live.has(file)) done.delete(file);
      if (fresh) void warm(registry, REMOTE_WARM_MS, fresh).catch((error: unknown) => options.log.warn({ err: error }, 'the remotes could not warm up'));
    },
  };
}
