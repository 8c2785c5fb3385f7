import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, remote, test } from '../support/fixtures';
import { startStaticServer, type StaticServer } from '../support/static-server';

/**
 * Security headers: the store runs under its Content Security Policy (every test of the
 * suite fails on a violation: support/fixtures.ts), and the checkout cannot be framed by another site.
 */

test('the page and the styles emotion inserts carry the response nonce', async ({ page }) => {
  const response = await page.goto('/categories/bags');
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  const styleNonce = /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)![1];
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  // the server-rendered styles (moved into the head) and those the browser inserted since
  const nonces = await page.evaluate(() => ({
    meta: document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')!.nonce,
    // browsers hide the attribute's value once the element is in the document
    attribute: document.querySelector('meta[property="csp-nonce"]')!.getAttribute('nonce'),
    styles: [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].map((style) => style.nonce),
  }));
  expect(nonces.meta).toBe(styleNonce);
  expect(nonces.attribute).toBe('');
  expect(nonces.styles.length).toBeGreaterThan(0);
  expect(new Set(nonces.styles)).toEqual(new Set([styleNonce]));
});

test.describe('framing', () => {
  let site: StaticServer;
  let dir: string;
  // the refused frame is reported as a frame-ancestors violation: the point of this test
  test.use({ allowedCspViolations: [/frame-ancestors/] });

  test.beforeAll(async ({ store }) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-framing-'));
    fs.writeFileSync(
      path.join(dir, 'frame.html'),
      `<!doctype html><html><body><h1>Another site</h1><iframe title="store" src="${store.baseURL}/checkout/contact-info" width="800" height="600"></iframe></body></html>`,
    );
    site = await startStaticServer(dir);
  });

  test.afterAll(async () => {
    await site?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('another origin cannot frame the checkout', async ({ page, store }) => {
    const framed = page.waitForResponse((response) => response.url().startsWith(`${store.baseURL}/checkout/contact-info`));
    // 127.0.0.1 vs localhost: another origin whichever the store uses
    const host = new URL(store.baseURL).hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    await page.goto(site.url('/frame.html', host));
    await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
    const response = await framed;
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-frame-options']).toBe('DENY');
    // Chromium replaces a refused frame's document with its error page: the store never renders there
    await expect.poll(() => page.frames().find((frame) => frame !== page.mainFrame())?.url()).toMatch(/^chrome-error:/);
    const child = page.frames().find((frame) => frame !== page.mainFrame())!;
    expect(await child.locator('#shell-header').count()).toBe(0);
  });
});

test('an expired developer override is dropped', async ({ page }) => {
  await page.goto('/cart');
  await page.evaluate(() =>
    localStorage.setItem('mf-override:catalog', JSON.stringify({ manifest: 'http://localhost:9/mf-manifest.json', expiresAt: Date.now() - 1000 })),
  );
  await page.goto('/categories/bags');
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await expect(page.getByTestId('override-banner')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mf-override:catalog'))).toBeNull();
});
