import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { copyRemote } from '../support/build';
import { expect, markDocument, remote, test } from '../support/fixtures';
import { readRegistry } from '../support/deploy';
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

const PAGE = 'src/features/listing/ListingPage.tsx';
const BEFORE = '>Sort by</label>';

/** A copy of mfe-catalog exactly as it is (its own lifecycles.tsx), to edit while its dev server runs. */
function prepareDevCopy(): void {
  fs.rmSync(DEV, { recursive: true, force: true });
  copyRemote('mfe-catalog', DEV);
  sortLabel = 'Sort by';
  if (!fs.readFileSync(path.join(DEV, PAGE), 'utf8').includes(BEFORE)) throw new Error(`mfe-catalog/${PAGE} no longer contains ${BEFORE}: update this test's edit`);
}

let sortLabel = 'Sort by';

/** Edits the sort label of the listing page, a component deep under the remote's App. */
function editSortLabel(label: string): void {
  const file = path.join(DEV, PAGE);
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(`>${sortLabel}</label>`)) throw new Error(`${file} no longer contains >${sortLabel}</label>`);
  fs.writeFileSync(file, text.replace(`>${sortLabel}</label>`, `>${label}</label>`));
  sortLabel = label;
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
    // from the server-rendered listing to the local build's: is the listing ever off screen?
    // (checked at every DOM change, before the browser paints it)
    await page.addInitScript(() => {
      const w = window as unknown as { regionSeen?: boolean; regionBlank: number[]; serverRendered?: boolean };
      w.regionBlank = [];
      document.addEventListener('DOMContentLoaded', () => {
        w.serverRendered = document.querySelector('#app-catalog[data-ssr="rendered"]') !== null;
      });
      const check = () => {
        const main = document.getElementById('shell-main');
        if (!main) return;
        // the listing's heading, on screen (a hidden region's or a "Loading…" state's does not count)
        const shown = [...main.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Bags' && h.getClientRects().length > 0);
        if (shown) w.regionSeen = true;
        else if (w.regionSeen) w.regionBlank.push(Math.round(performance.now()));
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'class'] });
    });
    await page.goto(`/categories/bags?mf-override.catalog=${encodeURIComponent(manifest)}`);
    // the local build's region (the live one beside it, until then, has no id)
    const region = page.locator('#app-catalog');
    await expect(region).toHaveAttribute('data-remote-version', 'override', { timeout: 30_000 });
    await expect(region.getByLabel('Sort by')).toBeVisible();
    await expect(region.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(page.locator('#shell-main > [data-remote="catalog"]')).toHaveCount(1);
    const catalog = remote(page, 'catalog');
    expect(await page.evaluate(() => (window as unknown as { serverRendered?: boolean }).serverRendered), 'the page came server-rendered by the live catalog').toBe(true);
    expect(await page.evaluate(() => (window as unknown as { regionSeen?: boolean }).regionSeen)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { regionBlank: number[] }).regionBlank), 'moments the listing was off screen').toEqual([]);
    await expect(page.getByTestId('override-banner')).toContainText('catalog');
    const sameDocument = await markDocument(page);

    // an edit in a page component under App: the remote's own lifecycles.tsx applies it in place
    editSortLabel('Arrange by');
    await expect(catalog.getByLabel('Arrange by')).toBeVisible({ timeout: 30_000 });
    await expect(catalog.getByText('Sort by')).toHaveCount(0);
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    editSortLabel('Arrange by price or name');
    await expect(catalog.getByLabel('Arrange by price or name')).toBeVisible({ timeout: 30_000 });
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

test('?store-dev=1 opens the developer panel with the live remotes and shared modules', async ({ page, store }) => {
  const live = readRegistry(store.deployDir);
  await page.goto('/categories/bags?store-dev=1');
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  const panel = page.getByRole('dialog', { name: 'Store developer panel' });
  await expect(panel).toBeVisible();
  const remotes = panel.getByRole('table', { name: 'Remotes' });
  for (const { name, version } of live.remotes) await expect(remotes.getByRole('row').filter({ hasText: name }).first()).toContainText(version);
  await expect(remotes).not.toContainText('OVERRIDE');
  await expect(panel.getByRole('table', { name: 'Shared modules' }).getByRole('row').filter({ hasText: /^react\s*19\./ }).first()).toContainText('shell');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});
