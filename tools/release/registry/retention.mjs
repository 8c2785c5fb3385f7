// Which deployed builds a prune keeps. The rule (docs/deploying.md "Retention"), per name (shell or remote):
//   - the live version;
//   - the `previous` most recent other versions in the order versions went live (the rollback
//     target is always one of them: rollback walks back along that order);
//   - every version that went live, was rolled back to or was published in the last `days` days
//     (open tabs and the server may still ask for them; a release under way has published its build
//     but not yet switched).
// Everything else may be removed.

export const DEFAULT_RETENTION = { previous: 3, days: 7 };

/** Retention settings from the environment: RELEASE_KEEP_PREVIOUS (count), RELEASE_KEEP_DAYS. */
export function retentionFromEnv(env = process.env) {
  const read = (name, fallback, min) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of ${min} or more (got "${raw}")`);
    return value;
  };
  // at least one previous version: the rollback target
  return { previous: read('RELEASE_KEEP_PREVIOUS', DEFAULT_RETENTION.previous, 1), days: read('RELEASE_KEEP_DAYS', DEFAULT_RETENTION.days, 0) };
}

/**
 * @param {{ name: string, version: string, publishedAt?: Date }[]} builds every stored build
 * @param {Map<string, string|string[]>} live name -> live version (with a canary: [stable, canary])
 * @param {{ at: string|Date, action: string, name: string, from?: string|null, to: string }[]} history oldest first
 * @returns {{ name: string, version: string }[]} the builds that may be removed
 */
/** History actions about a canary (a version live for a share of shoppers only); `promote` is not one. */
export const CANARY_ACTIONS = new Set(['canary', 'canary-step', 'canary-pause', 'canary-resume', 'abort']);

export function prunable(builds, live, history, { previous = DEFAULT_RETENTION.previous, days = DEFAULT_RETENTION.days, now = new Date() } = {}) {
  const since = now.getTime() - days * 86_400_000;
  previous = Math.max(1, previous); // the rollback target always stays
  const keep = new Map();
  const kept = (name) => {
    if (!keep.has(name)) keep.set(name, new Set());
    return keep.get(name);
  };
  for (const [name, versions] of live) for (const version of [versions].flat()) kept(name).add(version);
  const wentLive = new Map();
  for (const h of history) {
    if (!h.to) continue;
    if (new Date(h.at).getTime() >= since) {
      kept(h.name).add(h.to);
      if (h.from) kept(h.name).add(h.from); // what was live until then, within the window
    }
    if (h.action === 'rollback' || CANARY_ACTIONS.has(h.action)) continue; // only what went live for everyone
    const order = wentLive.get(h.name) ?? [];
    if (h.from && order[order.length - 1] !== h.from) order.push(h.from);
    order.push(h.to);
    wentLive.set(h.name, order);
  }
  for (const [name, order] of wentLive) {
    const current = [live.get(name)].flat()[0];
    // walk back from where the live version last went live (as a rollback would), then from the end
    const last = current === undefined ? -1 : order.lastIndexOf(current);
    for (const start of [last === -1 ? order.length : last, order.length]) {
      const seen = new Set([current]);
      for (let i = start - 1; i >= 0 && seen.size <= previous; i -= 1) {
        if (seen.has(order[i])) continue;
        seen.add(order[i]);
        kept(name).add(order[i]);
      }
    }
  }
  return builds.filter((b) => !(b.publishedAt && b.publishedAt.getTime() >= since) && !kept(b.name).has(b.version)).map(({ name, version }) => ({ name, version }));
}
