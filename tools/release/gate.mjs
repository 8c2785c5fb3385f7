// The release compatibility gate: may this build of one remote go live next to the live shell and
// the other live remotes? Pure functions over build metadata (mf-manifest.json and
// storefront-contract.json), so the rules are tested without building anything.
//
// A party is { name, manifest, contract } where manifest is the build's mf-manifest.json and
// contract its storefront-contract.json (tools/webpack-config/contract.cjs).
import { createRequire } from 'node:module';
import semver from 'semver';

const { SERVER_SINGLETONS } = createRequire(import.meta.url)('../webpack-config/server-singletons.cjs');

/** The modules a server bundle (dist/server/server.js, CommonJS) requires, read from its source. */
export function serverRequires(source) {
  return [...new Set([...source.matchAll(/\brequire\((["'])([^"']+)\1\)/g)].map((m) => m[2]))].sort();
}

/** The packages behind the server singletons (and React DOM's scheduler): never carried by a server build. */
export const SINGLETON_PACKAGES = [...new Set([...SERVER_SINGLETONS.map((id) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0])), 'scheduler'])].sort();

/** Every remote is a React app: these must come from the page's shared scope, never a bundled copy. */
export const MUST_SHARE = ['react', 'react-dom'];
/** Every remote must expose its single-spa lifecycles. */
export const REQUIRED_EXPOSES = ['./app'];

const sharedOf = (party) => new Map((party.manifest?.shared ?? []).map((s) => [s.name, s]));
const refs = (list) => (list ?? []).map((ref) => {
  const at = ref.lastIndexOf('@');
  return { name: ref.slice(0, at), version: Number(ref.slice(at + 1)) };
});

/**
 * @param {{ name: string, manifest: object, contract?: object, service?: boolean }} candidate the new build
 * @param {{ shell: object, remotes: object[] }} live the live shell and the other live remotes (the
 *   candidate's own live version is ignored: it is being replaced)
 * @returns {{ conflicts: string[], notes: string[] }} refuse the release when conflicts is not empty
 */
export function checkRelease(candidate, live) {
  const conflicts = [];
  const notes = [];
  const others = live.remotes.filter((r) => r.name !== candidate.name);
  const newShared = sharedOf(candidate);
  const shellShared = sharedOf(live.shell);

  // 1. one React, and singleton ranges that the page's providers satisfy
  for (const name of MUST_SHARE) {
    if (!newShared.has(name)) {
      conflicts.push(
        `${candidate.name} does not share "${name}": it would load a second ${name} next to the shell's ${shellShared.get(name)?.version ?? ''}`.trim() +
          ' (build it with @store/webpack-config, which shares it as a singleton)',
      );
    }
  }
  for (const [name, mine] of newShared) {
    const provided = shellShared.get(name);
    if (provided) {
      if (mine.requiredVersion && !semver.satisfies(provided.version, mine.requiredVersion)) {
        conflicts.push(`${candidate.name} requires ${name} ${mine.requiredVersion}, but the live shell provides ${name} ${provided.version}: the singleton range is broken`);
      }
    }
    for (const other of [live.shell, ...others]) {
      const theirs = sharedOf(other).get(name);
      if (!theirs?.requiredVersion || !mine.version) continue;
      if (!semver.satisfies(mine.version, theirs.requiredVersion) && provided === undefined) {
        conflicts.push(`${candidate.name} provides ${name} ${mine.version}, outside ${other.name}'s required range ${theirs.requiredVersion}`);
      }
    }
  }

  // 1b. the server build (when there is one) leaves exactly the shared singletons to the edge: the
  // edge refuses anything else at run time (api/src/edge/ssr/modules.ts), so its pages would fall back to
  // the browser; a bundled copy of React would render with a second React
  if (candidate.server) {
    // the build's own account of its module graph (server/server-modules.json): the packages whose
    // code it carries; a copy of a singleton's package is refused whatever the bundle's text says
    for (const name of candidate.server.bundled ?? []) {
      if (SINGLETON_PACKAGES.includes(name)) conflicts.push(`${candidate.name}'s server build carries its own copy of ${name}, which the edge provides: it would render with a second ${name} (leave it external: build it with @store/webpack-config createConfigs)`);
    }
    if (!candidate.server.bundled) notes.push(`${candidate.name}'s server build has no server-modules.json (built before it was emitted): judged by its text`);
    for (const id of candidate.server.requires ?? []) {
      if (!SERVER_SINGLETONS.includes(id)) conflicts.push(`${candidate.name}'s server build requires "${id}", which the edge does not provide (it provides ${SERVER_SINGLETONS.join(', ')}): bundle it, or render that part in the browser`);
    }
    if (!(candidate.server.requires ?? []).includes('react')) {
      conflicts.push(`${candidate.name}'s server build does not leave "react" to the edge: it would render with a second React (build it with @store/webpack-config createConfigs)`);
    }
  }

  // 2. exposed modules: lifecycles, the service if the registry runs one, fragments others load
  const exposes = new Set((candidate.manifest?.exposes ?? []).map((e) => e.path));
  for (const path of [...REQUIRED_EXPOSES, ...(candidate.service ? ['./service'] : [])]) {
    if (!exposes.has(path)) conflicts.push(`${candidate.name} no longer exposes ${path}, which the shell loads`);
  }
  for (const other of [live.shell, ...others]) {
    for (const fragment of other.contract?.fragments ?? []) {
      const [remote, module] = [fragment.slice(0, fragment.indexOf('/')), fragment.slice(fragment.indexOf('/') + 1)];
      if (remote === candidate.name && !exposes.has(module)) {
        conflicts.push(`${other.name} loads ${module} from ${candidate.name}, which this build no longer exposes`);
      }
    }
  }

  // 3. bus topics: versions must exist in the live shared-events, and every consumer keeps a publisher
  const liveTopics = new Set((live.shell.contract?.topics ?? []).map((t) => `${t.name}@${t.version}`));
  const mine = candidate.contract ?? {};
  if (liveTopics.size === 0) notes.push('the live shell has no storefront-contract.json: topic versions were not checked against it');
  for (const { name, version } of refs(mine.publishes)) {
    if (liveTopics.size && !liveTopics.has(`${name}@${version}`)) {
      conflicts.push(`${candidate.name} publishes ${name} v${version}, which the live shared-events does not define (it has ${[...liveTopics].filter((t) => t.startsWith(`${name}@`)).join(', ') || 'no such topic'}): incompatible event version`);
    }
  }
  for (const { name, version } of refs(mine.consumes)) {
    if (liveTopics.size && !liveTopics.has(`${name}@${version}`)) {
      conflicts.push(`${candidate.name} consumes ${name} v${version}, which the live shared-events does not define (it has ${[...liveTopics].filter((t) => t.startsWith(`${name}@`)).join(', ') || 'no such topic'}): incompatible event version`);
    }
  }
  const parties = [live.shell, ...others, candidate];
  const publishedAfter = new Set(parties.flatMap((p) => p.contract?.publishes ?? []));
  const publishedNames = new Set([...publishedAfter].map((ref) => ref.slice(0, ref.lastIndexOf('@'))));
  // what the candidate's live version published: a topic it stops publishing may leave consumers with none
  const replaced = live.remotes.find((r) => r.name === candidate.name);
  const publishedBefore = new Set([live.shell, ...others, ...(replaced ? [replaced] : [])].flatMap((p) => p.contract?.publishes ?? []));
  for (const party of parties) {
    for (const ref of party.contract?.consumes ?? []) {
      const name = ref.slice(0, ref.lastIndexOf('@'));
      if (publishedNames.has(name) && !publishedAfter.has(ref)) {
        const versions = [...publishedAfter].filter((r) => r.startsWith(`${name}@`)).join(', ');
        conflicts.push(`${party.name} consumes ${ref}, but after this release ${name} is only published as ${versions}: incompatible event version`);
      } else if (!publishedNames.has(name) && party !== candidate && publishedBefore.has(ref)) {
        // a live consumer whose topic loses its last publisher (a consumer that never had one is not this release's doing)
        conflicts.push(`${party.name} consumes ${ref}, but after this release nobody publishes ${name} (${candidate.name} no longer publishes ${ref}): the consumer would be left without a publisher`);
      }
    }
  }
  // 3b. payloads: a topic the build publishes, consumes or references must carry the same payload
  // under the same version as the live shared-events' (the page validates with the shell's copy)
  const liveSchemas = new Map((live.shell.contract?.topics ?? []).filter((t) => t.schema).map((t) => [`${t.name}@${t.version}`, t.schema]));
  const used = new Set([...(mine.publishes ?? []), ...(mine.consumes ?? []), ...(mine.sharedEvents?.uses?.topics ?? [])]);
  for (const topic of mine.topics ?? []) {
    const ref = `${topic.name}@${topic.version}`;
    if (!used.has(ref) || !topic.schema || !liveSchemas.has(ref)) continue;
    const problem = payloadIncompatibility(liveSchemas.get(ref), topic.schema);
    if (problem) conflicts.push(`${candidate.name} was built with a ${topic.name} v${topic.version} payload that differs from the live shared-events' (${problem}): change a payload only compatibly, or publish a new version`);
  }
  // 4. @store/shared-events by semver: the range the build needs and the session members, exports
  // and topics its code uses (storefront-contract.json "sharedEvents", read off the build's module
  // graph), against what the live shell's build says it provides
  checkSharedEvents(candidate, live.shell, conflicts, notes);

  return { conflicts: [...new Set(conflicts)], notes };
}

const SHARED_EVENTS = '@store/shared-events';
const entryName = (subpath) => (subpath === '.' ? SHARED_EVENTS : `${SHARED_EVENTS}${subpath.slice(1)}`);

function checkSharedEvents(candidate, shell, conflicts, notes) {
  const needs = candidate.contract?.sharedEvents;
  const provides = shell.contract?.sharedEvents?.provides;
  if (!needs) {
    notes.push(`${candidate.name}'s storefront-contract.json does not say what it uses of ${SHARED_EVENTS} (built before versioned shared-events): not checked`);
    return;
  }
  if (!provides) {
    notes.push(`the live shell's storefront-contract.json does not say which ${SHARED_EVENTS} it provides (built before versioned shared-events): ${candidate.name}'s use of it was not checked`);
    return;
  }
  const from = `the live shell's ${SHARED_EVENTS} ${provides.version}`;
  // the manifest's singleton rule (1) may already have said so
  const rangeReported = conflicts.some((c) => c.startsWith(`${candidate.name} requires ${SHARED_EVENTS} `));
  if (needs.requires && !rangeReported && !semver.satisfies(provides.version, needs.requires)) {
    conflicts.push(`${candidate.name} needs ${SHARED_EVENTS} ${needs.requires}, but the live shell provides ${provides.version}: release a shell built with a satisfying shared-events first`);
  }
  const session = new Set(provides.session ?? []);
  for (const member of needs.uses?.session ?? []) {
    if (!session.has(member)) conflicts.push(`${candidate.name} uses session.${member}, which ${from} does not provide`);
  }
  for (const [subpath, names] of Object.entries(needs.uses?.exports ?? {})) {
    const exported = provides.exports?.[subpath];
    // an entry the shell does not provide is not a page singleton: the remote's own copy is used
    if (!exported) continue;
    for (const name of names) {
      if (!exported.includes(name)) conflicts.push(`${candidate.name} imports ${name} from ${entryName(subpath)}, which ${from} does not export`);
    }
  }
  const liveTopics = new Set((shell.contract?.topics ?? []).map((t) => `${t.name}@${t.version}`));
  for (const ref of needs.uses?.topics ?? []) {
    if (liveTopics.size && !liveTopics.has(ref)) {
      const at = ref.lastIndexOf('@');
      conflicts.push(`${candidate.name} uses the topic ${ref.slice(0, at)} v${ref.slice(at + 1)}, which ${from} does not define: incompatible event version`);
    }
  }
}

const canonical = (value) => JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/**
 * Why a build's payload schema (`theirs`) cannot stand in for the live one (`live`) under the same
 * topic version, or null when it can. Both sides must read what the other writes: a field both
 * have keeps its schema and whether it is required; a field only one side has is optional there
 * (so a renamed or removed required field, a new required field, a changed type or enum is refused;
 * a new optional field is not).
 */
export function payloadIncompatibility(live, theirs) {
  if (canonical(live) === canonical(theirs)) return null;
  const objectish = (s) => s && s.type === 'object' && s.properties && typeof s.properties === 'object';
  if (!objectish(live) || !objectish(theirs)) return 'the payload schema changed';
  const liveRequired = new Set(live.required ?? []);
  const theirRequired = new Set(theirs.required ?? []);
  const problems = [];
  for (const [field, schema] of Object.entries(live.properties)) {
    if (!(field in theirs.properties)) {
      if (liveRequired.has(field)) problems.push(`required field "${field}" is gone`);
      continue;
    }
    if (canonical(schema) !== canonical(theirs.properties[field])) problems.push(`field "${field}" has another type`);
    else if (liveRequired.has(field) !== theirRequired.has(field)) problems.push(`field "${field}" is ${theirRequired.has(field) ? 'required' : 'optional'} now`);
  }
  for (const field of Object.keys(theirs.properties)) {
    if (!(field in live.properties) && theirRequired.has(field)) problems.push(`new required field "${field}"`);
  }
  return problems.length ? problems.join(', ') : null;
}

/** What changed between two builds of one remote, for the release log. */
export function describeChange(before, after) {
  const lines = [];
  const b = sharedOf({ manifest: before });
  const a = sharedOf({ manifest: after });
  for (const [name, s] of a) {
    const old = b.get(name);
    if (!old) lines.push(`shared + ${name} ${s.version}`);
    else if (old.version !== s.version) lines.push(`shared ${name} ${old.version} -> ${s.version}`);
  }
  for (const name of b.keys()) if (!a.has(name)) lines.push(`shared - ${name}`);
  const be = new Set((before?.exposes ?? []).map((e) => e.path));
  const ae = new Set((after.exposes ?? []).map((e) => e.path));
  for (const p of ae) if (!be.has(p)) lines.push(`exposes + ${p}`);
  for (const p of be) if (!ae.has(p)) lines.push(`exposes - ${p}`);
  return lines;
}
