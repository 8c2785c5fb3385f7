import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildWithWebpack, copyRemote } from '../support/build';
import { readRegistry, waitUntilServed, writeRegistry, type DeployedRegistry } from '../support/deploy';
import { expect, markDocument, remote, test } from '../support/fixtures';
import { e2eDir, repoRoot, scratchDir } from '../support/paths';

const NEXT = path.join(scratchDir, 'mfe-catalog-release');
const NOTE = 'Preview: the spring range lands next week';

/** A copy of mfe-catalog (with its storefront contract) whose root shows one extra line: the "changed catalog" being released. */
function buildNextCatalog(): string {
  const inputs = copyRemote('mfe-catalog', NEXT);
  fs.writeFileSync(
    path.join(NEXT, 'src/app/lifecycles.tsx'),
    `import { defineRemoteApp } from '@store/shared-events/remote';
import type { AppProps } from 'single-spa';
import { App } from './App';

function NextRelease(props: AppProps) {
  return (
    <>
      <p data-testid="release-note">${NOTE}</p>
      <App {...props} />
    </>
  );
}

export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'catalog', rootComponent: NextRelease });
`,
  );
  return buildWithWebpack(NEXT, inputs);
}

/** A copy of mfe-catalog, unchanged except that it declares publishing cart.add v2 (which shared-events does not define). */
function buildCatalogPublishingV2(): string {
  const dir = path.join(scratchDir, 'mfe-catalog-cart-add-v2');
  const declared = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mfe-catalog/package.json'), 'utf8')).storefront as Record<string, string[]>;
  const inputs = copyRemote('mfe-catalog', dir, { ...declared, publishes: ['cart.add@2'] });
  return buildWithWebpack(dir, inputs);
}

function releaseCli(deployDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'tools/release/release.mjs'), ...args], {
    env: { ...process.env, DEPLOY_DIR: deployDir },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A client-side navigation, as a link inside the store would do it (single-spa patches pushState). */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => window.history.pushState(null, '', target), url);
}

test('an open tab survives a catalog release, the next navigation runs it, and rollback restores the old one', async ({ page, store }) => {
  test.setTimeout(120_000);
  const before: DeployedRegistry = readRegistry(store.deployDir);
  const oldVersion = before.remotes.find((r) => r.name === 'catalog')!.version;
  const dist = buildNextCatalog();
  try {
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog).toHaveAttribute('data-remote-version', oldVersion);
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    const sameDocument = await markDocument(page);

    const released = releaseCli(store.deployDir, 'release', 'catalog', '--dist', dist);
    expect(released.status, released.output).toBe(0);
    const newVersion = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.version;
    expect(newVersion).not.toBe(oldVersion);
    expect(released.output).toContain(`catalog: ${oldVersion} -> ${newVersion}`);
    await waitUntilServed(store.baseURL, readRegistry(store.deployDir));

    // the tab keeps working on the release it loaded: the old files are still served, including a
    // chunk it had not loaded yet (the catalog's ./SearchOverlay fragment, loaded on first open)
    await expect(catalog.getByTestId('release-note')).toHaveCount(0);
    const oldFiles: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/cdn/catalog/${oldVersion}/`) && response.url().endsWith('.js')) oldFiles.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.locator('#shell-header').getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('combobox', { name: 'Search the store' }).fill('backpack');
    await expect(search.getByRole('option').first()).toBeVisible();
    expect(oldFiles.length, 'a lazy chunk of the old release was loaded after the release').toBeGreaterThan(0);
    expect(oldFiles.filter((f) => !f.startsWith('200 ')), oldFiles.join('\n')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await navigate(page, '/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();

    // the next navigation into the catalog runs the new release, without a page load
    await navigate(page, '/categories/bags');
    await expect(catalog.getByTestId('release-note')).toHaveText(NOTE);
    await expect(catalog).toHaveAttribute('data-remote-version', newVersion);
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();

    // rollback in one command: the next navigation is back on the old release
    const rolledBack = releaseCli(store.deployDir, 'rollback', 'catalog');
    expect(rolledBack.status, rolledBack.output).toBe(0);
    expect(rolledBack.output).toContain(`rollback catalog: ${newVersion} -> ${oldVersion}`);
    await waitUntilServed(store.baseURL, readRegistry(store.deployDir));
    await navigate(page, '/categories/bags?sort=name-asc');
    await expect(catalog).toHaveAttribute('data-remote-version', oldVersion);
    await expect(catalog.getByTestId('release-note')).toHaveCount(0);
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await sameDocument();
  } finally {
    await writeRegistry(store.deployDir, before);
    await waitUntilServed(store.baseURL, before);
  }
});

test('the gate refuses a catalog build that bundles its own React, and the live site is unchanged', async ({ page, store }) => {
  test.setTimeout(120_000);
  const fixture = path.join(e2eDir, 'fixtures/own-react-remote');
  const dist = buildWithWebpack(fixture, [path.join(fixture, 'src'), path.join(fixture, 'webpack.config.cjs')]);
  const registryFile = path.join(store.deployDir, 'registry.json');
  const before = fs.readFileSync(registryFile, 'utf8');

  const refused = releaseCli(store.deployDir, 'release', 'catalog', '--dist', dist);
  expect(refused.status).toBe(2);
  expect(refused.output).toContain('release of catalog refused by the compatibility gate:');
  expect(refused.output).toContain('catalog does not share "react": it would load a second react next to the shell\'s');
  expect(refused.output).toContain('catalog does not share "react-dom"');
  expect(fs.readFileSync(registryFile, 'utf8')).toBe(before);

  await page.goto('/categories/bags');
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
});

test('the gate refuses a catalog build that publishes an incompatible event version, and the live site is unchanged', async ({ page, store }) => {
  test.setTimeout(120_000);
  const dist = buildCatalogPublishingV2();
  expect(JSON.parse(fs.readFileSync(path.join(dist, 'storefront-contract.json'), 'utf8')).publishes).toEqual(['cart.add@2']);
  const registryFile = path.join(store.deployDir, 'registry.json');
  const before = fs.readFileSync(registryFile, 'utf8');
  const history = path.join(store.deployDir, 'registry-history.jsonl');
  const historyBefore = fs.existsSync(history) ? fs.readFileSync(history, 'utf8') : '';

  const refused = releaseCli(store.deployDir, 'release', 'catalog', '--dist', dist);
  expect(refused.status, refused.output).toBe(2);
  expect(refused.output).toContain('release of catalog refused by the compatibility gate:');
  expect(refused.output).toContain('catalog publishes cart.add v2, which the live shared-events does not define (it has cart.add@1): incompatible event version');
  expect(fs.readFileSync(registryFile, 'utf8')).toBe(before);
  expect(fs.existsSync(history) ? fs.readFileSync(history, 'utf8') : '').toBe(historyBefore);

  await page.goto('/categories/bags');
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
});
