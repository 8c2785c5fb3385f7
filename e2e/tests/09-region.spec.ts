import AxeBuilder from '@axe-core/playwright';
import { chrome, expect, remote, test } from '../support/fixtures';

const PROMPT = "It looks like you're in Australia. Visit our Australian site for local prices and delivery?";

test.describe('region selector and geo locale', () => {
  test('the region dialog opens from the header, lists the regions and closes with Escape', async ({ page, store }) => {
    // Australia is this deployment's other market: its entry links to the AU host
    const auSite = `http://au.localhost:${new URL(store.baseURL).port}`;
    await page.goto('/');
    const trigger = chrome(page).header.getByRole('button', { name: /^NZD: Change region \(current: New Zealand\)/ });
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
      ['Australia', auSite],
    ] as [string, string][]) {
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

  test('a visitor from Australia is offered the Australian site until they choose to stay', async ({ page, store }) => {
    await page.setExtraHTTPHeaders({ 'cloudfront-viewer-country': 'AU' });
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const prompt = page.getByRole('complementary', { name: 'Change country' });
    await expect(prompt).toContainText(PROMPT);
    await expect(prompt.getByRole('link', { name: /Go to the Australian site/ })).toHaveAttribute('href', `http://au.localhost:${new URL(store.baseURL).port}`);

    await prompt.getByRole('button', { name: 'Stay on the New Zealand site' }).click();
    await expect(prompt).toHaveCount(0);

    await page.reload();
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(chrome(page).header.getByRole('button', { name: /Change region/ })).toBeVisible();
    await expect(page.getByText(PROMPT)).toHaveCount(0);
  });

  test('on the Australian site: the selector shows Australia (AUD) and a visitor from New Zealand is offered the NZ site', async ({ page, store }) => {
    const port = new URL(store.baseURL).port;
    await page.setExtraHTTPHeaders({ 'cloudfront-viewer-country': 'NZ' });
    await page.goto(`http://au.localhost:${port}/`);
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(chrome(page).header.getByRole('button', { name: 'AUD: Change region (current: Australia)' })).toBeVisible();
    const prompt = page.getByRole('complementary', { name: 'Change country' });
    await expect(prompt).toContainText("It looks like you're in New Zealand. Visit our New Zealand site for local prices and delivery?");
    await expect(prompt.getByRole('link', { name: /Go to the New Zealand site/ })).toHaveAttribute('href', `http://localhost:${port}`);
    await expect(prompt.getByRole('button', { name: 'Stay on the Australian site' })).toBeVisible();
  });

  test('no prompt without a country header', async ({ page }) => {
    await page.goto('/');
    await expect(chrome(page).header.getByRole('button', { name: /Change region/ })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Change country' })).toHaveCount(0);
  });
});
