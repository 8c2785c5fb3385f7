import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildWithWebpack } from '../support/build';
import { readRegistry, waitUntilServed, writeRegistry, type DeployedRegistry } from '../support/deploy';
import { expect, markDocument, remote, test } from '../support/fixtures';
import { e2eDir, repoRoot, scratchDir } from '../support/paths';

const NEXT = path.join(scratchDir, 'mfe-catalog-release');
const NOTE = 'Preview: the spring range lands next week';

/** A copy of mfe-catalog whose root shows one extra line: the "changed catalog" being released. */
function buildNextCatalog(): string {
  const source = path.join(repoRoot, 'mfe-catalog');
  fs.rmSync(path.join(NEXT, 'src'), { recursive: true, force: true });
  fs.mkdirSync(NEXT, { recursive: true });
  fs.cpSync(path.join(source, 'src'), path.join(NEXT, 'src'), { recursive: true });
  fs.copyFileSync(path.join(source, 'webpack.config.cjs'), path.join(NEXT, 'webpack.config.cjs'));
  fs.writeFileSync(
    path.join(NEXT, 'src/lifecycles.tsx'),
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
  return buildWithWebpack(NEXT, [path.join(NEXT, 'src'), path.join(NEXT, 'webpack.config.cjs')]);
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

    // the tab keeps working on the release it loaded: the old files are still served
    await expect(catalog.getByTestId('release-note')).toHaveCount(0);
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
