import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildWithWebpack, copyRemote } from '../support/build';
import { fingerprint, publishRemote, readRegistry, waitUntilServed, writeRegistry, type DeployedRegistry } from '../support/deploy';
import { expect, remote, test } from '../support/fixtures';
import { repoRoot, scratchDir } from '../support/paths';

const NEXT = path.join(scratchDir, 'mfe-catalog-next');
const FILE = 'src/features/listing/ListingPage.tsx';
const BEFORE = '>Sort by</label>';
const AFTER = '>Order by</label>';

/** A copy of mfe-catalog (with its storefront contract) with one visible change. */
function prepareNextCatalog(): string {
  const inputs = copyRemote('mfe-catalog', NEXT);
  const file = path.join(NEXT, FILE);
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(BEFORE)) throw new Error(`mfe-catalog/${FILE} no longer contains ${BEFORE}: update this test's visible change`);
  fs.writeFileSync(file, text.replace(BEFORE, AFTER));
  return buildWithWebpack(NEXT, inputs);
}

/**
 * The shell's scripts the page was served with. Chunks webpack adds later (marked data-webpack: the
 * footer's content, loaded when idle) are left out: whether one is in yet is a matter of timing.
 */
async function shellScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src]:not([data-webpack])')].map((s) => new URL(s.src).pathname).filter((p) => p.startsWith('/cdn/shell/')),
  );
}

test('a new catalog release goes live without touching the shell or the other remotes', async ({ page, store }) => {
  test.setTimeout(120_000);
  const cdn = (...parts: string[]) => path.join(store.deployDir, 'cdn', ...parts);
  const before: DeployedRegistry = readRegistry(store.deployDir);
  const oldCatalog = before.remotes.find((r) => r.name === 'catalog')!;
  const untouched = ['shell', 'content', 'cart_checkout', 'account'];
  const prints = Object.fromEntries([...untouched.map((name) => [name, fingerprint(cdn(name))]), ['catalog-old', fingerprint(cdn('catalog', oldCatalog.version))]]);

  // what shoppers get today (server HTML and the page)
  expect(await (await fetch(new URL('/categories/bags', store.baseURL))).text()).toContain(BEFORE);
  await page.goto('/categories/bags');
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByLabel('Sort by')).toBeVisible();
  await expect(catalog).toHaveAttribute('data-remote-version', oldCatalog.version);
  const shellBefore = await shellScripts(page);
  expect(shellBefore.length).toBeGreaterThan(0);

  const dist = prepareNextCatalog();
  const { version } = await publishRemote(store.deployDir, 'catalog', dist);
  try {
    expect(version).not.toBe(oldCatalog.version);
    // the copy carries mfe-catalog's declared contract (the gate compares it with the live site)
    const contract = JSON.parse(fs.readFileSync(cdn('catalog', version, 'storefront-contract.json'), 'utf8'));
    const declared = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mfe-catalog/package.json'), 'utf8')).storefront;
    expect({ publishes: contract.publishes, consumes: contract.consumes }).toEqual({ publishes: declared.publishes, consumes: declared.consumes });
    const after = readRegistry(store.deployDir);
    await waitUntilServed(store.baseURL, after);

    // the edge renders the new release on the server too: no restart, no rebuild of the edge or the shell
    const serverHtml = await (await fetch(new URL('/categories/bags', store.baseURL))).text();
    expect(serverHtml).toContain(AFTER);
    expect(serverHtml).not.toContain(BEFORE);
    expect(serverHtml).toContain(`data-remote-version="${version}" data-ssr="rendered"`);

    // only the catalog's entry changed; the other entries and every other file are as they were
    expect(after.shell).toEqual(before.shell);
    expect(after.loadTimeoutMs).toBe(before.loadTimeoutMs);
    for (const name of ['content', 'cart_checkout', 'account']) {
      expect(after.remotes.find((r) => r.name === name)).toEqual(before.remotes.find((r) => r.name === name));
    }
    expect(after.remotes.find((r) => r.name === 'catalog')).toEqual({ ...oldCatalog, version, manifest: `/cdn/catalog/${version}/mf-manifest.json` });
    for (const name of untouched) expect(fingerprint(cdn(name)), `cdn/${name} untouched`).toBe(prints[name]);
    expect(fingerprint(cdn('catalog', oldCatalog.version)), 'the previous catalog release is kept').toBe(prints['catalog-old']);

    // a fresh visit shows the change, from the new release, in the same shell build
    await page.goto('/categories/bags');
    await expect(catalog.getByLabel('Order by')).toBeVisible();
    await expect(catalog.getByText('Sort by')).toHaveCount(0);
    await expect(catalog).toHaveAttribute('data-remote-version', version);
    await expect(catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first()).toBeVisible();
    expect(await shellScripts(page)).toEqual(shellBefore);

    // the other remotes still run their deployed releases
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(remote(page, 'content')).toHaveAttribute('data-remote-version', before.remotes.find((r) => r.name === 'content')!.version);
    await page.goto('/cart');
    await expect(remote(page, 'cart_checkout')).toHaveAttribute('data-remote-version', before.remotes.find((r) => r.name === 'cart_checkout')!.version);
  } finally {
    // the rest of the suite expects the original release
    await writeRegistry(store.deployDir, before);
    await waitUntilServed(store.baseURL, before);
  }
});
