import AxeBuilder from '@axe-core/playwright';
import { expect, remote, test } from '../support/fixtures';

test('the home page has no serious or critical accessibility violations', async ({ page }, testInfo) => {
  await page.goto('/');
  const content = remote(page, 'content');
  await expect(content.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
  // the new-arrivals rail has loaded (no skeletons left)
  await expect(content.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(content.getByRole('heading', { level: 2, name: 'New arrivals' })).toBeVisible();
  await expect(page.locator('#shell-footer').getByRole('heading').first()).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s); first: ${v.nodes[0]?.target.join(' ')} ${JSON.stringify(v.nodes[0]?.html)}: ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')})`;

  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) {
    const text = minor.map(describe).join('\n');
    console.log(`axe: minor/moderate findings on /:\n${text}`);
    await testInfo.attach('axe-minor', { body: text, contentType: 'text/plain' });
  }
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map(describe), 'serious or critical axe violations').toEqual([]);
});
