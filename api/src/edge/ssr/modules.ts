/**
 * Loads a deployed server bundle (`<project>/dist/server/server.js`, CommonJS, published under
 * cdn/<name>/<version>/server/) into a renderer process (renderer.ts) at run time. The bundle's
 * `require` gets exactly the renderer's singletons (singletons.ts) and nothing else: one React
 * renders every remote. What else the bundle could reach is bounded by the renderer's process
 * (no environment, reading only the deployed bundles: renderers.ts). A new release is a new versioned path, so a release or
 * rollback changes what renders without restarting the edge; loaded versions are kept (a few, LRU).
 */
import fs from 'node:fs';
import vm from 'node:vm';
import { SERVER_SINGLETONS } from './singletons';

const MAX_LOADED = 16;
const loaded = new Map<string, unknown>();

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
  if (loaded.size > MAX_LOADED) loaded.delete(loaded.keys().next().value as string);
  return module.exports as T;
}

/** Forget loaded bundles (tests). */
export function clearServerModules(): void {
  loaded.clear();
}
