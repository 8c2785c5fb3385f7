/**
 * Server rendering of the content remote: home, articles, the journal and the stores are
 * in the HTML with their head and JSON-LD, and the browser hydrates that HTML: no console errors or
 * warnings (a hydration mismatch logs one), the server's nodes stay, and the route data the page
 * carries is not fetched again.
 */
import type { Page } from '@playwright/test';
import { expect, remote, test, moveMouse } from '../support/fixtures';

interface Case {
  path: string;
  h1: string;
  title: string;
  ogType: string;
  /** canonical path (the store search and other queries that do not select content are left out) */
  canonical: string;
  jsonLd: string[];
  /** more text the server HTML holds */
  text: string[];
}

const PAGES: Case[] = [
  { path: '/', h1: 'Made for the long way round', title: 'Fernleaf | Bags, travel and accessories', canonical: '/', ogType: 'website', jsonLd: ['Organization', 'WebSite'], text: ['Shop by category', 'New arrivals', 'From the journal'] },
  { path: '/articles/terms-of-use', h1: 'Terms of use', title: 'Terms of use | Fernleaf', canonical: '/articles/terms-of-use', ogType: 'article', jsonLd: ['Article', 'BreadcrumbList'], text: ['Prices and payment'] },
  { path: '/blog', h1: 'Journal', title: 'Journal | Fernleaf', canonical: '/blog', ogType: 'website', jsonLd: ['ItemList', 'BreadcrumbList'], text: ['Showing 1-12 of 18 posts'] },
  {
    path: '/blog/caring-for-leather-in-a-humid-climate',
    h1: 'Caring for leather in a humid climate',
    title: 'Caring for leather in a humid climate | Fernleaf',
    canonical: '/blog/caring-for-leather-in-a-humid-climate',
    ogType: 'article',
    jsonLd: ['BlogPosting', 'BreadcrumbList'],
    text: ['More from the journal'],
  },
  { path: '/blog?tag=care', h1: 'Journal: Care and repair', title: 'Care and repair: Journal | Fernleaf', canonical: '/blog?tag=care', ogType: 'website', jsonLd: ['ItemList', 'BreadcrumbList'], text: ['Showing 1-4 of 4 posts'] },
  { path: '/stores', h1: 'Find a store', title: 'Find a store | Fernleaf', canonical: '/stores', ogType: 'website', jsonLd: ['ItemList'], text: ['All 20 Fernleaf stores', 'Fernleaf Newmarket'] },
  // a search is in the HTML too (the canonical is the locator's)
  { path: '/stores?q=1024', h1: 'Find a store', title: 'Find a store | Fernleaf', canonical: '/stores', ogType: 'website', jsonLd: ['ItemList'], text: ['stores within 200 km of Mount Eden, Auckland 1024, nearest first'] },
  { path: '/stores/auckland-newmarket', h1: 'Fernleaf Newmarket', title: 'Fernleaf Newmarket | Fernleaf', canonical: '/stores/auckland-newmarket', ogType: 'website', jsonLd: ['Store', 'BreadcrumbList'], text: ['Opening hours (New Zealand time)'] },
];

/** The JSON-LD objects of an HTML document. */
function jsonLdOf(html: string): { '@type': string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** The <h1> text of an HTML document (tags inside dropped). */
function h1Of(html: string): string | undefined {
  return /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
}

/**
 * Console errors and warnings of the page. The fixtures block service workers (see
 * support/fixtures.ts), which Chromium reports as a warning: not the page's.
 */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !message.text().includes('Service Worker registration blocked by Playwright')) {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** The content API calls the page makes (the route data in the HTML makes them unnecessary on the first page). */
function contentApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(content|stores)\b/.test(url.pathname)) calls.push(url.pathname + url.search);
  });
  return calls;
}

/**
 * Opens `path` with the shell's main script held back until the server's h1 is marked, then lets
 * the page start and waits until the content remote has hydrated its region.
 */
async function openAndHydrate(page: Page, path: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/cdn/shell/*/main.*.js', async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto(path, { waitUntil: 'commit' });
  const h1 = page.locator('main h1');
  await h1.waitFor({ state: 'attached' });
  // the server's node, before any script of the page runs
  await h1.evaluate((element) => {
    (element as HTMLElement & { __ssrNode?: string }).__ssrNode = 'server';
  });
  release();
  await moveMouse(page);
  // mounting takes the region over (data-ssr is dropped when the remote hydrates it)
  await expect(remote(page, 'content')).not.toHaveAttribute('data-ssr', { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  return { response, h1 };
}

test.describe('content pages rendered on the server', () => {
  test('the HTML without JavaScript holds each page, its title, description, canonical, Open Graph and JSON-LD', async ({ request, store }) => {
    for (const c of PAGES) {
      const response = await request.get(c.path);
      expect(response.status(), c.path).toBe(200);
      const html = await response.text();
      expect(h1Of(html), c.path).toBe(c.h1);
      for (const text of c.text) expect(html, `${c.path}: ${text}`).toContain(text);
      expect(html, c.path).toContain(`<title>${c.title.replace(/&/g, '&#38;')}</title>`);
      expect(html, c.path).toMatch(/<meta name="description" content="[^"]{20,}">/);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, c.path).toBe(new URL(c.canonical, store.baseURL).toString());
      expect(html, c.path).toContain(`<meta property="og:type" content="${c.ogType}"`);
      const types = jsonLdOf(html).map((item) => item['@type']);
      expect(types, c.path).toEqual(c.jsonLd);
      // the region is the content remote's server render, with its route data
      expect(html, c.path).toContain('data-remote="content"');
      expect(html, c.path).toMatch(/<script type="application\/json" id="ssr-data"[^>]*>\{"remote":"content"/);
    }
  });

  test('home: the first slide is the LCP image (eager, high priority) and the only slide picture in the HTML; the images below the fold are lazy', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const images = [...main.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThan(10);
    const [first, ...rest] = images;
    expect(first).toContain('slide-spring');
    // the hidden slides' pictures are not in the HTML: fetched at once, they would compete with this one
    expect(images.filter((image) => image.includes('/images/content/slide-'))).toHaveLength(1);
    expect(first).toContain('loading="eager"');
    expect(first).toMatch(/fetchpriority="high"/i);
    for (const image of rest) {
      expect(image).toContain('loading="lazy"');
      expect(image).not.toMatch(/fetchpriority/i);
    }
    // the rails' products are in the HTML
    expect((main.match(/href="\/products\//g) ?? []).length).toBeGreaterThanOrEqual(8);
  });

  for (const c of PAGES) {
    test(`${c.path} hydrates without console errors or warnings, keeping the server's nodes and fetching nothing again`, async ({ page }) => {
      const messages = collectConsole(page);
      const calls = contentApiCalls(page);
      const { response, h1 } = await openAndHydrate(page, c.path);
      expect(response?.status()).toBe(200);
      await expect(h1).toHaveText(c.h1);
      // hydration kept the element the server sent (a client render would have replaced it)
      expect(await h1.evaluate((element) => (element as HTMLElement & { __ssrNode?: string }).__ssrNode)).toBe('server');
      await expect(page).toHaveTitle(c.title);
      // the head the page applies is the one the server wrote
      expect(jsonLdOf(await page.content()).map((item) => item['@type'])).toEqual(c.jsonLd);
      await page.waitForTimeout(500);
      expect(calls, 'content API calls').toEqual([]);
      expect(messages).toEqual([]);
    });
  }

  test('browser-only parts fill in after hydration: the store map, open or closed now, and today in the opening hours', async ({ page }) => {
    const messages = collectConsole(page);
    await openAndHydrate(page, '/stores/auckland-newmarket');
    const content = remote(page, 'content');
    await expect(content.getByTestId('store-map')).toBeVisible();
    await expect(content.locator('[data-open-state="pending"]')).toHaveCount(0);
    await expect(content.getByText(/^(Open now until|Closed, opens)/)).toBeVisible();
    await expect(content.getByRole('row', { name: /\(today\)/ })).toHaveCount(1);
    await openAndHydrate(page, '/stores');
    await expect(content.getByRole('group', { name: 'Map of Fernleaf stores in New Zealand' })).toBeVisible();
    await expect(content.getByTestId('store-result')).toHaveCount(20);
    await expect(content.getByTestId('store-result').first()).toContainText(/Open now until|Closed, opens/);
    expect(messages).toEqual([]);
  });

  test('a reload after client-side navigations hydrates cleanly too (the history entry has a key of its own)', async ({ page }) => {
    const messages = collectConsole(page);
    await openAndHydrate(page, '/blog');
    const content = remote(page, 'content');
    await content.getByRole('link', { name: 'Caring for leather in a humid climate' }).first().click();
    await expect(content.getByRole('heading', { level: 1, name: 'Caring for leather in a humid climate' })).toBeVisible();
    const calls = contentApiCalls(page);
    await page.reload();
    await expect(content.getByRole('heading', { level: 1, name: 'Caring for leather in a humid climate' })).toBeVisible();
    await expect(content).not.toHaveAttribute('data-ssr');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('the head is the page\'s own, one of each, after hydration and after client-side navigations to content and catalog pages', async ({ page }) => {
    const messages = collectConsole(page);
    const head = () =>
      page.evaluate(() => {
        const all = (selector: string) => [...document.querySelectorAll(selector)];
        return {
          titles: all('head > title').map((el) => el.textContent),
          documentTitle: document.title,
          descriptions: all('meta[name="description"]').length,
          canonicals: all('link[rel="canonical"]').map((el) => new URL(el.getAttribute('href')!).pathname),
          robots: all('meta[name="robots"]').length,
          // every og:* property and twitter:card, sorted: a duplicate shows twice
          social: all('meta[property^="og:"], meta[name^="twitter:"]').map((el) => el.getAttribute('property') ?? el.getAttribute('name')).sort(),
          jsonLd: all('script[type="application/ld+json"]').map((el) => (JSON.parse(el.textContent!) as { '@type': string })['@type']),
          server: all('[data-page-meta]').length,
        };
      });
    const og = (...more: string[]) => ['og:description', 'og:title', 'og:type', 'og:url', ...more].sort();
    const content = remote(page, 'content');

    // the server's head, then the page's own after hydration: the same, once each
    await openAndHydrate(page, '/blog');
    const journal = { titles: ['Journal | Fernleaf'], documentTitle: 'Journal | Fernleaf', descriptions: 1, canonicals: ['/blog'], robots: 0, social: og('og:site_name', 'og:image', 'twitter:card'), jsonLd: ['ItemList', 'BreadcrumbList'] };
    await expect.poll(head).toEqual({ ...journal, server: 0 });

    // a post, then the home page
    await content.getByRole('link', { name: 'Caring for leather in a humid climate' }).first().click();
    await expect(content.getByRole('heading', { level: 1, name: 'Caring for leather in a humid climate' })).toBeVisible();
    const postTitle = 'Caring for leather in a humid climate | Fernleaf';
    await expect
      .poll(head)
      .toEqual({ titles: [postTitle], documentTitle: postTitle, descriptions: 1, canonicals: ['/blog/caring-for-leather-in-a-humid-climate'], robots: 0, social: og('og:site_name', 'og:image', 'twitter:card'), jsonLd: ['BlogPosting', 'BreadcrumbList'], server: 0 });
    await page.getByRole('link', { name: 'Fernleaf home' }).click();
    await expect(content.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    const homeTitle = 'Fernleaf | Bags, travel and accessories';
    await expect.poll(head).toEqual(expect.objectContaining({ titles: [homeTitle], documentTitle: homeTitle, descriptions: 1, canonicals: ['/'], robots: 0, jsonLd: ['Organization', 'WebSite'] }));

    // a catalog page (another remote, its own title rule; og:site_name and twitter:card as the edge writes them), and back
    await content.getByRole('link', { name: /^View all: / }).first().click();
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByTestId('product-tile').first()).toBeVisible();
    const listing = await head();
    expect(listing.titles).toHaveLength(1);
    expect(listing.titles[0]).toMatch(/ \| Fernleaf$/);
    expect(listing.documentTitle).toBe(listing.titles[0]);
    expect(listing).toMatchObject({ descriptions: 1, robots: 0, social: og('og:site_name', 'og:image', 'twitter:card'), jsonLd: ['BreadcrumbList'], server: 0 });
    expect(listing.canonicals).toEqual([new URL(page.url()).pathname]);
    await page.goBack();
    await expect(content.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    await expect.poll(head).toEqual(expect.objectContaining({ titles: [homeTitle], descriptions: 1, canonicals: ['/'], jsonLd: ['Organization', 'WebSite'], server: 0 }));
    expect(messages).toEqual([]);
  });

  test('a client-side navigation to a content page asks for its data as one payload (_payload.json), not page by page', async ({ page }) => {
    await page.goto('/blog');
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    const payloads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/_payload.json')) payloads.push(url.pathname + url.search);
    });
    const calls = contentApiCalls(page);
    const start = await page.evaluate(() => performance.timeOrigin);
    // the journal's posts (content) and then the home page (content, its rails from the catalog API)
    await content.getByRole('link', { name: 'Caring for leather in a humid climate' }).first().click();
    await expect(content.getByRole('heading', { level: 1, name: 'Caring for leather in a humid climate' })).toBeVisible();
    expect(payloads).toContain('/blog/caring-for-leather-in-a-humid-climate/_payload.json');
    await page.getByRole('link', { name: 'Fernleaf home' }).click();
    await expect(content.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    await expect(content.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(payloads).toContain('/_payload.json');
    expect(calls, 'every answer came in the payloads').toEqual([]);
    expect(await page.evaluate(() => performance.timeOrigin), 'no page load').toBe(start);
  });

  test('unknown articles, posts, journal tags and pages, and stores answer 404 with the error page and log nothing else', async ({ page, request }) => {
    for (const path of ['/articles/no-such-article', '/blog/no-such-post', '/blog?tag=astrology', '/blog?page=99', '/stores/atlantis']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<title>Page Not Found | Fernleaf</title>');
      expect(html, path).toContain('<meta name="robots" content="noindex"');
    }
    const messages = collectConsole(page);
    const response = await page.goto('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('404');
    await page.waitForLoadState('networkidle');
    // the document's own 404 only
    expect(messages).toEqual(['error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});
