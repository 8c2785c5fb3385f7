// The remotes a release acts on (tools/remotes.json), found by name or project, and the error a
// refused release command ends with.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));

/** A refused command: its message is printed without a stack. */
export class ReleaseError extends Error {}

export function remoteOf(nameOrProject) {
  const remote = layout.remotes.find((r) => r.name === nameOrProject || r.project === nameOrProject);
  if (!remote) throw new ReleaseError(`unknown remote "${nameOrProject}" (known: ${layout.remotes.map((r) => r.name).join(', ')})`);
  return remote;
}

/** The entry's withdrawn versions with `version` first (the last few: a pin lasts hours). */
export const withdraw = (entry, version) => [version, ...(entry.withdrawn ?? []).filter((v) => v !== version)].slice(0, 5);
