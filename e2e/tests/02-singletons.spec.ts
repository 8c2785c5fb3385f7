import type { Response } from '@playwright/test';
import { chrome, expect, headerLink, remote, test } from '../support/fixtures';

/**
 * A string only react-dom's client renderer contains (the key of the root container's fiber,
 * `"__reactContainer$" + randomKey`); it survives minification. Every build that bundles react-dom
 * carries it in exactly one chunk.
 */
const REACT_DOM_CLIENT_MARKER = '__reactContainer$';

interface SharedInfo {
  loaded?: boolean;
  from?: string;
  useIn?: string[];
}

test('the event bus and React run once in the page however many remotes are visited', async ({ page }, testInfo) => {
  const scripts: Promise<{ url: string; reactDomClient: boolean }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    scripts.push(response.text().then((body) => ({ url: response.url(), reactDomClient: body.includes(REACT_DOM_CLIENT_MARKER) })));
  });

  await page.goto('/');
  await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
  await headerLink(page, 'Bags').click();
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await headerLink(page, 'Cart').click();
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await headerLink(page, 'Account').click();
  await expect(remote(page, 'account').getByRole('form', { name: 'Sign in' })).toBeVisible();
  await chrome(page).header.getByRole('link', { name: 'Fernleaf home' }).click();
  await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();

  // every remote was mounted in this one document
  const remoteEntries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/remoteEntry\.[0-9a-f]+\.js$/.test(name)),
  );
  for (const name of ['content', 'catalog', 'cart_checkout', 'account']) {
    expect(remoteEntries.some((url) => url.includes(`/cdn/${name}/`)), `${name}'s remoteEntry was loaded`).toBe(true);
  }

  // one event bus module for shell and remotes (shared singleton)
  expect(await page.evaluate(() => (window as unknown as { __STORE_BUS_LOADS__?: number }).__STORE_BUS_LOADS__)).toBe(1);

  // react-dom's client renderer was downloaded once (the remotes use the shell's copy)
  const downloaded = await Promise.all(scripts);
  const withReactDom = downloaded.filter((script) => script.reactDomClient).map((script) => script.url);
  expect(withReactDom, 'scripts containing the react-dom client').toHaveLength(1);

  // the federation share scope: one loaded version each of react and react-dom
  const shared = await page.evaluate(() => {
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, SharedInfo>>>> } })
      .__FEDERATION__;
    const loaded: Record<string, string[]> = {};
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded) (loaded[pkg] ??= []).push(`${version} from ${info.from}`);
          }
        }
      }
    }
    return loaded;
  });
  await testInfo.attach('share-scope', { body: JSON.stringify(shared, null, 2), contentType: 'application/json' });
  for (const pkg of ['react', 'react-dom', 'react-dom/client', '@store/shared-events']) {
    expect(shared[pkg], `${pkg} is loaded through the share scope`).toBeDefined();
  }
  // every shared module, React above all, has exactly one loaded copy
  for (const [pkg, loaded] of Object.entries(shared)) {
    expect([...new Set(loaded)], `loaded versions of ${pkg} in the share scope`).toHaveLength(1);
  }
});
