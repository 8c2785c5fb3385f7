import AxeBuilder from '@axe-core/playwright';
import { chrome, expect, remote, test } from '../support/fixtures';

const PROMPT = "It looks like you're in Australia. Visit our Australian site for local prices and delivery?";

test.describe('region selector and geo locale', () => {
  test('the region dialog opens from the header, lists the regions and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const trigger = chrome(page).header.getByRole('button', { name: /Change region, current: New Zealand/ });
    await expect(trigger).toBeVisible();
    await trigger.click();

    const dialog = page.getByRole('dialog', { name: 'Choose your region' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'North America' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Rest of world' })).toBeVisible();
    for (const [name, url] of [
      ['United States', 'https://www.fernleaf.com'],
      ['Canada — English', 'https://www.fernleaf.ca/en'],
      ['Canada — French', 'https://www.fernleaf.ca/fr'],
      ['Europe', 'https://www.fernleaf.eu'],
      ['United Kingdom', 'https://www.fernleaf.co.uk'],
      ['Australia', 'https://www.fernleaf.com.au'],
    ] as const) {
      const link = dialog.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', url);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(dialog.getByRole('link', { name: /^New Zealand/ })).toHaveAttribute('aria-current', 'true');
    await expect(dialog.getByRole('link', { name: /View all regions/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`), 'axe, region dialog open').toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('a visitor from Australia is offered the Australian site until they choose to stay', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cloudfront-viewer-country': 'AU' });
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const prompt = page.getByRole('complementary', { name: 'Change country' });
    await expect(prompt).toContainText(PROMPT);
    await expect(prompt.getByRole('link', { name: /Go to the Australian site/ })).toHaveAttribute('href', 'https://www.fernleaf.com.au');

    await prompt.getByRole('button', { name: 'Stay on the New Zealand site' }).click();
    await expect(prompt).toHaveCount(0);

    await page.reload();
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(chrome(page).header.getByRole('button', { name: /Change region/ })).toBeVisible();
    await expect(page.getByText(PROMPT)).toHaveCount(0);
  });

  test('no prompt without a country header', async ({ page }) => {
    await page.goto('/');
    await expect(chrome(page).header.getByRole('button', { name: /Change region/ })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Change country' })).toHaveCount(0);
  });
});
