/**
 * Loads a deployed server bundle (`<project>/dist/server/server.js`, CommonJS, published under
 * cdn/<name>/<version>/server/) into a renderer process (renderer.ts) at run time. The bundle's
 * `require` gets exactly the renderer's singletons (singletons.ts) and nothing else: one React
 * renders every remote. What else the bundle could reach is bounded by the renderer's process
 * (no environment, reading only the deployed bundles: renderers.ts). A new release is a new versioned path, so a release or
 * rollback changes what renders without restarting the edge; loaded versions are kept (a few per
 * remote, LRU).
 */
import fs from 'node:fs';
import vm from 'node:vm';
import { SERVER_SINGLETONS } from './singletons';

const MAX_LOADED = 16;
/**
 * Versions of one remote kept loaded: its live version, a canary and the rollback target. Each
 * loaded version holds its own compiled code (a few MB for the catalog); with only the overall
 * limit, 50 releases of one remote grew a renderer by 60-75 MB.
 */
const MAX_PER_REMOTE = 3;
const loaded = new Map<string, unknown>();
/** The remote a bundle belongs to: its path up to the version (`<deploy>/cdn/<name>`; `<version>/server/server.js` follow). */
const remoteOf = (file: string) => file.split(/[\\/]/).slice(0, -3).join('/');

export class ServerModuleError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServerModuleError';
  }
}

function requireFor(file: string) {
  return (id: string): unknown => {
    if (Object.prototype.hasOwnProperty.call(SERVER_SINGLETONS, id)) return SERVER_SINGLETONS[id];
    throw new ServerModuleError(`${file} requires "${id}", which the edge does not provide (only the shared singletons: ${Object.keys(SERVER_SINGLETONS).join(', ')})`);
  };
}

/** The exports of the server bundle at `file` (absolute path), loaded once per path. */
export function loadServerModule<T>(file: string): T {
  const hit = loaded.get(file);
  if (hit) {
    loaded.delete(file);
    loaded.set(file, hit);
    return hit as T;
  }
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ServerModuleError(`cannot read the server bundle ${file}`, { cause: error });
  }
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  wrapper(module.exports, requireFor(file), module, file, '/');
  loaded.set(file, module.exports);
  // least recently used first out: of this remote's versions, then of all
  const remote = remoteOf(file);
  const versions = [...loaded.keys()].filter((other) => remoteOf(other) === remote);
  if (versions.length > MAX_PER_REMOTE) loaded.delete(versions[0]!);
  if (loaded.size > MAX_LOADED) loaded.delete(loaded.keys().next().value as string);
  return module.exports as T;
}

/** The bundles loaded now, least recently used first (tests). */
export function loadedServerModules(): string[] {
  return [...loaded.keys()];
}

/** Forget loaded bundles (tests). */
export function clearServerModules(): void {
  loaded.clear();
}
