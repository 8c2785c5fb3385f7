import AxeBuilder from '@axe-core/playwright';
import { chrome, expect, remote, test } from '../support/fixtures';

test.describe('footer', () => {
  test('policy links, groups, social, help centre, payment icons, copyright and region selector', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const footer = chrome(page).footer;
    const policies = footer.getByRole('region', { name: 'Policies' });
    await expect(policies.getByRole('link')).toHaveText(['Shipping', 'Warranty', 'Returns']);
    await expect(policies.getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/articles/returns');
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/fernleaf.nz');
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute('rel', /noopener/);
    await expect(footer.getByRole('link', { name: 'help centre', exact: true })).toBeVisible();
    await expect(footer.getByRole('list', { name: 'Accepted payment methods' }).getByRole('img')).toHaveCount(6);
    await expect(footer.getByText(`© ${new Date().getFullYear()} Fernleaf Limited`, { exact: false })).toBeVisible();
    await expect(footer.getByRole('button', { name: /Change region/ })).toBeVisible();
  });

  test('subscribe form: messages in order, then a stored, idempotent subscription', async ({ page, request }) => {
    await page.goto('/');
    const footer = chrome(page).footer;
    const form = footer.getByRole('region', { name: 'Letters from the workshop' });
    // the form's code loads when the footer comes near the viewport
    await form.scrollIntoViewIfNeeded();
    const button = form.getByRole('button', { name: 'Subscribe' });
    const email = form.getByRole('textbox', { name: 'Email address' });
    await button.click();
    await expect(form.getByText('Enter your email address.')).toBeVisible();
    await expect(email).toBeFocused();
    await email.fill('mere@');
    await email.blur();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    const address = `mere.${Date.now()}@example.co.nz`;
    await email.fill(address);
    await button.click();
    await expect(form.getByRole('checkbox')).toBeFocused();
    await expect(form.getByText('Accept the privacy policy to subscribe.')).toBeVisible();
    await form.getByRole('checkbox').check();

    const posted = page.waitForResponse((r) => r.url().endsWith('/api/klaviyo/subscribe') && r.request().method() === 'POST');
    await button.click();
    expect((await posted).status()).toBe(201);
    await expect(form.getByText(/Thanks for subscribing/)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Subscribed' })).toBeDisabled();

    // the API keeps one subscription per address
    const again = await request.post('/api/klaviyo/subscribe', { data: { email: address.toUpperCase(), acceptPolicy: true } });
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ status: 'ALREADY_SUBSCRIBED', email: address });
    const bad = await request.post('/api/klaviyo/subscribe', { data: { email: 'nope', acceptPolicy: true } });
    expect(bad.status()).toBe(400);
  });

  test('a failing subscribe shows the error message and the button comes back', async ({ page }) => {
    await page.route('**/api/klaviyo/subscribe', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto('/');
    const form = chrome(page).footer.getByRole('region', { name: 'Letters from the workshop' });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('textbox', { name: 'Email address' }).fill('hemi@example.co.nz');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText(/couldn't sign you up/);
    await expect(form.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});

test.describe('error page', () => {
  test('404: status, title, heading, message, links, image; axe clean; analytics events', async ({ page }, testInfo) => {
    const response = await page.goto('/this-bag-does-not-exist');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page).toHaveTitle('Page Not Found | Fernleaf');
    await expect(main.getByText(/can't find the page/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Discover new arrivals' })).toHaveAttribute('href', '/categories/new-arrivals');
    await expect(main.getByRole('link', { name: 'Contact our help centre' })).toBeVisible();
    await expect(main.getByRole('link', { name: /Follow us on Instagram/ })).toHaveAttribute('target', '_blank');
    const image = main.getByRole('img');
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '1500');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const events = await page.evaluate(() => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e));
    expect(events).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'page_view' }), expect.objectContaining({ event: 'error_page', code: 404, location: '/this-bag-does-not-exist' })]));

    await expect(chrome(page).footer.getByRole('region', { name: 'Policies' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`)).toEqual([]);
    void testInfo;
  });
});
