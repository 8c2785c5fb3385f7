import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearServerModules, loadedServerModules, loadServerModule } from '../src/edge/ssr/modules';

/** Server bundles of remotes and versions, as deployed: cdn/<name>/<version>/server/server.js. */
function bundles(dir: string, remotes: Record<string, number>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, count] of Object.entries(remotes)) {
    out[name] = [];
    for (let v = 1; v <= count; v += 1) {
      const file = path.join(dir, 'cdn', name, `v${v}`, 'server', 'server.js');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `module.exports = { name: ${JSON.stringify(name)}, version: ${v} };`);
      out[name].push(file);
    }
  }
  return out;
}

describe('server bundles loaded in a renderer', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modules-'));
    clearServerModules();
  });
  afterEach(() => {
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keep the three most recently used versions of a remote, whatever the other remotes load', () => {
    const files = bundles(dir, { catalog: 50, shell: 1, content: 1 });
    expect(loadServerModule<{ version: number }>(files.shell![0]!)).toEqual({ name: 'shell', version: 1 });
    loadServerModule(files.content![0]!);
    for (const file of files.catalog!) {
      loadServerModule(file);
      // the live shell is used by every page
      loadServerModule(files.shell![0]!);
    }
    // a rollback and back: the versions used last are kept
    loadServerModule(files.catalog![47]!);
    loadServerModule(files.catalog![48]!);
    const kept = loadedServerModules().map((file) => path.relative(dir, file).split(path.sep).slice(1, 3).join('@'));
    expect(kept.filter((k) => k.startsWith('catalog@')).sort()).toEqual(['catalog@v48', 'catalog@v49', 'catalog@v50']);
    expect(kept).toEqual(expect.arrayContaining(['shell@v1', 'content@v1']));
    expect(kept).toHaveLength(5);
  });

  it('load each file once while it is kept', () => {
    const files = bundles(dir, { catalog: 2 });
    const first = loadServerModule(files.catalog![0]!);
    loadServerModule(files.catalog![1]!);
    expect(loadServerModule(files.catalog![0]!)).toBe(first);
  });
});
