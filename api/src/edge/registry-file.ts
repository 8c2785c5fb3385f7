// The deployed registry.json as the edge reads it: re-read when the file changes (checked at most
// every 500 ms), with the shell's index.html split around the geo locale's place, the stable view's
// JSON and script element, and the views per cohort and pin built so far.
import fs from 'node:fs';
import path from 'node:path';
import type { RegistryRemote } from './cohort';
import { registryScript, splitForGeo, type EdgeAnalytics } from './shell-page';

export interface RegistryFile {
  shell: { version: string; html: string } | null;
  remotes: RegistryRemote[];
  overrideOrigins?: string[];
  analytics?: EdgeAnalytics;
}

export interface LoadedRegistry {
  mtimeMs: number;
  checkedAt: number;
  registry: RegistryFile;
  body: string;
  registryElement: string;
  html: [string, string] | null;
  template: string | null;
  views: Map<string, { remotes: RegistryRemote[]; body: string; registryElement: string }>;
  canaries: boolean;
}

/** `load()` the registry (null when none is deployed); `forget()` makes the next load read it again. */
export function registryLoader(opts: { deployDir: string; overrideOrigins?: string[]; analytics?: EdgeAnalytics }): { load: () => LoadedRegistry | null; forget: () => void } {
  const registryFile = path.join(opts.deployDir, 'registry.json');
  let cached: LoadedRegistry | null = null;

  function load(): LoadedRegistry | null {
    const now = Date.now();
    if (cached && now - cached.checkedAt < 500) return cached;
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(registryFile).mtimeMs;
    } catch {
      cached = null;
      return null;
    }
    if (cached && cached.mtimeMs === mtimeMs) {
      cached.checkedAt = now;
      return cached;
    }
    const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as RegistryFile;
    if (opts.overrideOrigins) registry.overrideOrigins = opts.overrideOrigins;
    if (opts.analytics) registry.analytics = { ...registry.analytics, ...opts.analytics };
    let html: [string, string] | null = null;
    if (registry.shell) {
      try {
        html = splitForGeo(fs.readFileSync(path.join(opts.deployDir, registry.shell.html.replace(/^\//, '')), 'utf8'));
      } catch {
        html = null;
      }
    }
    let template: string | null = null;
    if (registry.shell) {
      try {
        template = fs.readFileSync(path.join(opts.deployDir, registry.shell.html.replace(/^\//, '')), 'utf8');
      } catch {
        template = null;
      }
    }
    const canaries = registry.remotes.some((r) => r.canary);
    // the stable view: what a shopper in no canary and with no pin sees (never the canary entries)
    const stable = { ...registry, remotes: registry.remotes.map(({ canary: _canary, withdrawn: _withdrawn, ...entry }) => entry) };
    const body = JSON.stringify(stable);
    cached = { mtimeMs, checkedAt: now, registry, body, registryElement: registryScript(body), html, template, views: new Map(), canaries };
    return cached;
  }

  return {
    load,
    forget: () => {
      cached = null;
    },
  };
}
