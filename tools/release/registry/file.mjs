// The file registry (the embedded default): registry.json and registry-history.jsonl in DEPLOY_DIR
// and every build under DEPLOY_DIR/cdn/<name>/<version>/, on the serving machine's disk. Changes
// of the live registry take DEPLOY_DIR/registry.lock, so two releases never overwrite each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appendHistory, deployDir, publish, readHistory, readRegistry, writeRegistry } from '../../deploy-local.mjs';
import { withLockFile } from './lock.mjs';
import { prunable } from './retention.mjs';

/** Another release changed the live version first: nothing was switched. */
export class RegistryConflict extends Error {}

export const whoAmI = () => `${os.userInfo().username}@${os.hostname()}`;
export const lockFile = () => path.join(deployDir, 'registry.lock');
const readText = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

export class FileRegistry {
  kind = 'file';
  where = deployDir;

  async readLive() {
    return readRegistry();
  }

  /** A deployed build's mf-manifest.json, storefront-contract.json and server bundle source (undefined when missing). */
  async buildFiles(name, version) {
    const dir = path.join(deployDir, 'cdn', name, version);
    const json = (file) => (fs.existsSync(path.join(dir, file)) ? JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) : undefined);
    return { manifest: json('mf-manifest.json'), contract: json('storefront-contract.json'), serverSource: readText(path.join(dir, 'server', 'server.js')) };
  }

  /** One file of a deployed build (its bytes), or undefined. */
  async buildFile(name, version, file) {
    const full = path.join(deployDir, 'cdn', name, version, file);
    return fs.existsSync(full) ? fs.readFileSync(full) : undefined;
  }

  async publish(name, dist, transform) {
    return publish(name, dist, transform);
  }

  /**
   * Makes `version` of `name` live, if `expectedFrom` (null: none) is still live: else throws
   * RegistryConflict. Under the lock file: read, check, write the registry, append the history.
   */
  async switchLive({ name, version, entry, expectedFrom, action, changes, source }) {
    fs.mkdirSync(deployDir, { recursive: true });
    withLockFile(lockFile(), () => {
      const registry = readRegistry() ?? { shell: null, remotes: [] };
      const current = (name === 'shell' ? registry.shell?.version : registry.remotes.find((r) => r.name === name)?.version) ?? null;
      if (current !== expectedFrom) {
        throw new RegistryConflict(`${name} changed while this ${action} ran: ${expectedFrom ?? '(none)'} -> ${current ?? '(none)'} by another release; nothing was switched (run it again to release over it)`);
      }
      if (!fs.existsSync(path.join(deployDir, 'cdn', name, version))) throw new RegistryConflict(`${name} ${version} is not published (pruned meanwhile?): nothing was switched`);
      const next = structuredClone(registry);
      if (name === 'shell') next.shell = entry;
      else {
        const index = next.remotes.findIndex((r) => r.name === name);
        if (index === -1) next.remotes.push(entry);
        else next.remotes[index] = entry;
      }
      writeRegistry(next); // atomic rename: shoppers read the old or the new registry
      appendHistory({ action, name, from: expectedFrom, to: version, ...(changes ? { changes } : {}), ...(source ? { source } : {}) });
    });
  }

  /**
   * Replaces a remote's entry (its stable version and canary) if it still has `expected`
   * ({ version, canary, share? }: the stable and canary versions the caller decided on, canary null:
   * none; share, when given: the canary's share), else throws RegistryConflict; records `record` ({ action, from, to, reason, share, market }).
   */
  async changeEntry({ name, expected, entry, record }) {
    withLockFile(lockFile(), () => {
      const registry = readRegistry() ?? { shell: null, remotes: [] };
      const index = registry.remotes.findIndex((r) => r.name === name);
      const current = registry.remotes[index];
      if (!current || current.version !== expected.version || (current.canary?.version ?? null) !== expected.canary || (expected.share !== undefined && current.canary?.share !== expected.share)) {
        throw new RegistryConflict(`${name} changed while this ${record.action} ran (now ${current?.version ?? '(none)'}${current?.canary ? `, canary ${current.canary.version}` : ''}): nothing was switched`);
      }
      for (const version of [entry.version, entry.canary?.version].filter(Boolean)) {
        if (!fs.existsSync(path.join(deployDir, 'cdn', name, version))) throw new RegistryConflict(`${name} ${version} is not published (pruned meanwhile?): nothing was switched`);
      }
      const next = structuredClone(registry);
      next.remotes[index] = entry;
      writeRegistry(next);
      appendHistory({ name, ...record });
    });
  }

  async history() {
    return readHistory();
  }

  /** Removes the builds the retention rule lets go (retention.mjs); returns them. */
  async prune(retention) {
    return withLockFile(lockFile(), () => {
      const registry = readRegistry();
      const live = new Map([...(registry?.shell ? [['shell', registry.shell.version]] : []), ...(registry?.remotes ?? []).map((r) => [r.name, r.canary ? [r.version, r.canary.version] : r.version])]);
      const cdn = path.join(deployDir, 'cdn');
      const builds = [];
      for (const name of fs.existsSync(cdn) ? fs.readdirSync(cdn) : []) {
        for (const version of fs.readdirSync(path.join(cdn, name))) {
          if (version.includes('.tmp-')) continue; // a publish under way
          builds.push({ name, version, publishedAt: fs.statSync(path.join(cdn, name, version)).mtime });
        }
      }
      const removed = prunable(builds, live, readHistory(), retention);
      for (const { name, version } of removed) fs.rmSync(path.join(cdn, name, version), { recursive: true, force: true });
      return removed;
    });
  }

  async close() {}
}
