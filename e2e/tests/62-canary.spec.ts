import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildWithWebpack, copyRemote } from '../support/build';
import { readRegistry } from '../support/deploy';
import { expect, remote, test } from '../support/fixtures';
import { repoRoot, scratchDir } from '../support/paths';

const CANARY = path.join(scratchDir, 'mfe-catalog-canary');

/** Products whose page the broken canary cannot render (some, not all: the last character of the path). */
const breaks = (pathname: string) => pathname.charCodeAt(pathname.length - 1) % 2 === 0;

/** A copy of mfe-catalog whose server render throws for some product pages. */
function buildBrokenCatalog(): string {
  const inputs = copyRemote('mfe-catalog', CANARY);
  const file = path.join(CANARY, 'src/server/index.tsx');
  const source = fs.readFileSync(file, 'utf8');
  const marker = "  const { pathname, search } = new URL(url, 'http://localhost');\n";
  expect(source).toContain(marker);
  fs.writeFileSync(
    file,
    source.replace(marker, `${marker}  if (pathname.startsWith('/products/') && pathname.charCodeAt(pathname.length - 1) % 2 === 0) throw new Error('this canary cannot render this product');\n`),
  );
  return buildWithWebpack(CANARY, inputs);
}

function releaseCli(deployDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'tools/release/release.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: deployDir }, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function productLinks(page: Page): Promise<string[]> {
  await page.goto('/categories/bags');
  const hrefs = await page.locator('a[href^="/products/"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

test('a catalog canary that fails product pages is rolled back by the judge, and its cohort gets the stable version on the next navigation', async ({ page, browser, store }) => {
  test.setTimeout(240_000);
  const stable = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.version;
  const dist = buildBrokenCatalog();
  const started = releaseCli(store.deployDir, 'release', 'catalog', '--dist', dist, '--canary', '50');
  expect(started.status, started.output).toBe(0);
  const canary = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.canary!.version;

  try {
    // a shopper in the canary's half and one outside it
    await page.context().addCookies([{ name: 'store_cohort', value: '3', url: store.baseURL }]);
    const other = await browser.newContext({ baseURL: store.baseURL });
    await other.addCookies([{ name: 'store_cohort', value: '97', url: store.baseURL }]);
    const stablePage = await other.newPage();

    const products = await productLinks(page);
    const broken = products.filter(breaks).slice(0, 4);
    expect(broken.length).toBeGreaterThan(0);
    await expect(remote(page, 'catalog')).toHaveAttribute('data-remote-version', canary);

    // server renders in both cohorts: the canary's product pages fail (the browser still shows them)
    for (let round = 0; round < 5; round += 1) {
      for (const product of broken) {
        const canaryAnswer = await page.request.get(product);
        expect(canaryAnswer.status()).toBe(200);
        expect(await canaryAnswer.text()).toContain(`data-remote-version="${canary}" data-ssr="failed"`);
        const stableAnswer = await stablePage.request.get(product);
        expect(await stableAnswer.text()).toContain(`data-remote-version="${stable}" data-ssr="rendered"`);
      }
    }

    // the judge removes the canary and says why
    await expect
      .poll(() => readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.canary, { timeout: 30_000, intervals: [500] })
      .toBeUndefined();
    const history = releaseCli(store.deployDir, 'history', 'catalog');
    expect(history.output).toMatch(new RegExp(`abort +catalog +${canary} -> ${stable} .*by canary judge .*\\(render failures \\d+(\\.\\d+)?% of \\d+ renders against stable's`));

    // the canary shopper's open tab: the next navigation runs the stable version
    await page.evaluate((target) => window.history.pushState(null, '', target), '/categories/travel');
    await expect(remote(page, 'catalog')).toHaveAttribute('data-remote-version', stable);
    await other.close();
  } finally {
    const live = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!;
    if (live.canary) releaseCli(store.deployDir, 'abort', 'catalog', '--reason', 'end of the test');
  }
});
