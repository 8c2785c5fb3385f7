import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, markDocument, remote, test } from '../support/fixtures';
import { repoRoot, scratchDir } from '../support/paths';

const DEV = path.join(scratchDir, 'mfe-catalog-dev');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const probe = (text: string) => `import type { AppProps } from 'single-spa';
import { App } from './App';

export function DevProbe(props: AppProps) {
  return (
    <>
      <p data-testid="dev-probe">${text}</p>
      <App {...props} />
    </>
  );
}
`;

/** A copy of mfe-catalog whose root is a small probe component we can edit while it runs. */
function prepareDevCopy(): void {
  fs.rmSync(DEV, { recursive: true, force: true });
  fs.mkdirSync(DEV, { recursive: true });
  fs.cpSync(path.join(repoRoot, 'mfe-catalog/src'), path.join(DEV, 'src'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'mfe-catalog/webpack.config.cjs'), path.join(DEV, 'webpack.config.cjs'));
  fs.writeFileSync(path.join(DEV, 'src/DevProbe.tsx'), probe('Working copy 1'));
  fs.writeFileSync(
    path.join(DEV, 'src/lifecycles.tsx'),
    `/// <reference types="webpack/module" />
import { defineRemoteApp } from '@store/shared-events/remote';
import { DevProbe } from './DevProbe';

const app = defineRemoteApp({ name: 'catalog', rootComponent: DevProbe });
export const { bootstrap, mount, unmount } = app;
import.meta.webpackHot?.accept('./DevProbe', () => app.replaceRootComponent(DevProbe));
`,
  );
}

async function startDevServer(port: number): Promise<ChildProcess> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/webpack'), ['serve', '--mode', 'development', '--config', path.join(DEV, 'webpack.config.cjs')], {
    cwd: DEV,
    env: { ...process.env, DEV_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dev server exited:\n${output}`);
    const ok = await fetch(`http://localhost:${port}/mf-manifest.json`).then((r) => r.ok, () => false);
    if (ok && /compiled/.test(output)) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`dev server did not start:\n${output}`);
}

test('one remote from a local dev server runs inside the hosted shell and takes edits without a page reload', async ({ page }) => {
  test.setTimeout(180_000);
  prepareDevCopy();
  const port = await freePort();
  const server = await startDevServer(port);
  try {
    const manifest = `http://localhost:${port}/mf-manifest.json`;
    await page.goto(`/categories/bags?mf-override.catalog=${encodeURIComponent(manifest)}`);
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByTestId('dev-probe')).toHaveText('Working copy 1', { timeout: 30_000 });
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(page.getByTestId('override-banner')).toContainText('catalog');
    const sameDocument = await markDocument(page);

    fs.writeFileSync(path.join(DEV, 'src/DevProbe.tsx'), probe('Working copy 2'));
    await expect(catalog.getByTestId('dev-probe')).toHaveText('Working copy 2', { timeout: 30_000 });
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await sameDocument();

    // the developer panel lists the override and the shared modules in use
    await page.keyboard.press('Alt+Shift+D');
    const panel = page.getByRole('dialog', { name: 'Store developer panel' });
    await expect(panel.getByRole('table', { name: 'Remotes' }).getByRole('row').filter({ hasText: 'catalog' })).toContainText('OVERRIDE');
    await expect(panel.getByRole('table', { name: 'Remotes' })).toContainText(manifest);
    await expect(panel.getByRole('table', { name: 'Shared modules' }).getByRole('row').filter({ hasText: /^react\s*19\./ }).first()).toContainText('shell');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  } finally {
    server.kill();
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  }
});
