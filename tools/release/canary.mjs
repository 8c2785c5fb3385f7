// A canary's life after its release: promoted or aborted (by hand or by the judge), stepped to a
// larger share, paused and resumed. Each change is one registry write guarded by the canary it expects.
import { remoteEntry } from '../deploy-local.mjs';
import { RegistryConflict } from './registry/index.mjs';
import { ReleaseError, remoteOf, withdraw } from './remotes.mjs';

/**
 * Ends a remote's canary: `promote` makes it the stable version for every shopper, `abort` removes
 * it (its shoppers get the stable version on their next navigation). `expectedCanary` (the judge)
 * makes it act only on that canary; `by` and `reason` go into the history.
 */
export async function endCanary(registry, nameOrProject, action, { reason, by, expectedCanary, log = console.log } = {}) {
  const remote = remoteOf(nameOrProject);
  const live = await registry.readLive();
  const current = live?.remotes.find((r) => r.name === remote.name);
  // told which canary (the judge): none any more is that canary changed meanwhile, not a mistake
  if (!current?.canary && expectedCanary) throw new RegistryConflict(`${remote.name} has no canary now, not ${expectedCanary}: nothing was changed`);
  if (!current?.canary) throw new ReleaseError(`${remote.name} has no canary to ${action}`);
  if (expectedCanary && current.canary.version !== expectedCanary) throw new RegistryConflict(`${remote.name}'s canary is now ${current.canary.version}, not ${expectedCanary}: nothing was changed`);
  const { canary, ...stable } = current;
  // an aborted canary is withdrawn: a shopper pinned to it in checkout is moved off it (the edge)
  const entry = action === 'promote' ? remoteEntry(remote, canary.version) : { ...stable, withdrawn: withdraw(current, canary.version) };
  const record = action === 'promote'
    ? { action, from: current.version, to: canary.version, reason: reason ?? 'promoted by hand', ...(by ? { by } : {}) }
    : { action, from: canary.version, to: current.version, share: canary.share, reason: reason ?? 'aborted by hand', ...(by ? { by } : {}) };
  await registry.changeEntry({ name: remote.name, expected: { version: current.version, canary: canary.version }, entry, record });
  log(action === 'promote' ? `promote ${remote.name}: ${canary.version} is live for every shopper (was ${current.version})` : `abort ${remote.name}: canary ${canary.version} removed; every shopper is on ${current.version}`);
  return { name: remote.name, ...record };
}

/**
 * Sets a canary's share (the judge's steps). `expectedCanary` and `expectedShare` guard against a
 * change meanwhile, checked again in the registry's switch: a judge acting on a view of the
 * registry from before another step changes nothing.
 */
export async function stepCanary(registry, nameOrProject, share, { reason, by, expectedCanary, expectedShare } = {}) {
  const remote = remoteOf(nameOrProject);
  const live = await registry.readLive();
  const current = live?.remotes.find((r) => r.name === remote.name);
  if (!current?.canary || current.canary.version !== expectedCanary || (expectedShare !== undefined && current.canary.share !== expectedShare)) throw new RegistryConflict(`${remote.name}'s canary changed meanwhile: nothing was changed`);
  const entry = { ...current, canary: { ...current.canary, share, since: new Date().toISOString() } };
  const record = { action: 'canary-step', from: current.version, to: current.canary.version, share, reason, ...(by ? { by } : {}) };
  await registry.changeEntry({ name: remote.name, expected: { version: current.version, canary: current.canary.version, ...(expectedShare !== undefined ? { share: expectedShare } : {}) }, entry, record });
  return { name: remote.name, ...record };
}

/**
 * Pauses a canary (the judge neither steps nor promotes it; a regression still aborts it) or
 * resumes it; `expectedCanary` guards against a change meanwhile. Recorded as canary-pause or
 * canary-resume with who and why.
 */
export async function pauseCanary(registry, nameOrProject, paused, { reason, by, expectedCanary } = {}) {
  const remote = remoteOf(nameOrProject);
  const live = await registry.readLive();
  const current = live?.remotes.find((r) => r.name === remote.name);
  if (!current?.canary) throw new ReleaseError(`${remote.name} has no canary to ${paused ? 'pause' : 'resume'}`);
  if (expectedCanary && current.canary.version !== expectedCanary) throw new RegistryConflict(`${remote.name}'s canary is now ${current.canary.version}, not ${expectedCanary}: nothing was changed`);
  const canary = { ...current.canary };
  if (paused) canary.paused = true;
  else delete canary.paused;
  const entry = { ...current, canary };
  const record = { action: paused ? 'canary-pause' : 'canary-resume', from: current.version, to: canary.version, share: canary.share, reason: reason ?? (paused ? 'paused by hand' : 'resumed by hand'), ...(by ? { by } : {}) };
  await registry.changeEntry({ name: remote.name, expected: { version: current.version, canary: canary.version }, entry, record });
  return { name: remote.name, ...record };
}
