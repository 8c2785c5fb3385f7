import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { readRegistry } from '../support/deploy';
import { expect, test } from '../support/fixtures';
import { OPERATOR_TOKEN } from '../support/global-setup';
import { repoRoot, scratchDir } from '../support/paths';

function releaseCli(deployDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'tools/release/release.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: deployDir }, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The live catalog build with one more file: another version, as compatible as the live one. */
function anotherCatalogBuild(): string {
  const dist = path.join(scratchDir, 'mfe-catalog-operator-canary');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.cpSync(path.join(repoRoot, 'mfe-catalog/dist'), dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'operator-canary.txt'), `canary ${Date.now()}\n`);
  return dist;
}

async function expectNoSeriousAxeViolations(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof results.violations)[number]) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`;
  if (blocking.length > 0) await testInfo.attach('axe', { body: blocking.map(describe).join('\n'), contentType: 'text/plain' });
  expect(blocking.map(describe)).toEqual([]);
}

test('an operator signs in, sees a catalog canary and its history, and rolls it back from the page', async ({ page, store }, testInfo) => {
  test.setTimeout(120_000);
  const stable = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.version;
  const started = releaseCli(store.deployDir, 'release', 'catalog', '--dist', anotherCatalogBuild(), '--canary', '20');
  expect(started.status, started.output).toBe(0);
  const canary = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.canary!.version;
  const csp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });

  try {
    // not signed in: the sign-in form, never indexed
    const answer = await page.goto('/operator');
    expect(answer!.status()).toBe(401);
    expect(answer!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoSeriousAxeViolations(page, testInfo);
    await page.getByLabel('Operator token').fill('not the token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That token is not the operator token.');
    await page.getByLabel('Operator token').fill(OPERATOR_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // the canary beside the stable version, with its share, and its history
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    const live = page.getByRole('table', { name: 'Live versions and cohort shares' });
    const catalogRow = live.getByRole('row', { name: /^catalog / });
    await expect(catalogRow).toContainText(stable.slice(0, 12));
    await expect(catalogRow).toContainText(canary.slice(0, 12));
    await expect(catalogRow).toContainText('80% stable, 20% canary');
    const history = page.getByRole('table', { name: 'Release history' });
    await expect(history.getByRole('row').filter({ hasText: 'released as a canary' }).filter({ hasText: canary.slice(0, 12) })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, testInfo);

    // roll the canary back, with a reason
    await page.getByLabel('Reason for roll back of catalog').fill('operator e2e: taking it back');
    await page.getByRole('button', { name: 'Roll back catalog' }).click();
    await expect(page.getByRole('status')).toHaveText('catalog: rolled back');
    expect(readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!.canary).toBeUndefined();
    await expect(page.getByRole('table', { name: 'Live versions and cohort shares' }).getByRole('row', { name: /^catalog / })).toContainText('100% stable');
    await expect(page.getByRole('table', { name: 'Release history' }).getByRole('row').filter({ hasText: 'operator e2e: taking it back' })).toContainText(/abort\s*catalog.*operator/);
    expect(releaseCli(store.deployDir, 'history', 'catalog').output).toMatch(new RegExp(`abort +catalog +${canary} -> ${stable} .*by operator .*\\(operator e2e: taking it back\\)`));
    expect(csp).toEqual([]);
  } finally {
    const live = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!;
    if (live.canary) releaseCli(store.deployDir, 'abort', 'catalog', '--reason', 'end of the test');
  }
});
