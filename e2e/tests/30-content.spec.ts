import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, expectChrome, headerLink, remote, test } from '../support/fixtures';

async function expectNoSeriousAxeViolations(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof results.violations)[number]) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`;
  if (blocking.length > 0) await testInfo.attach('axe', { body: blocking.map(describe).join('\n'), contentType: 'text/plain' });
  expect(blocking.map(describe)).toEqual([]);
}

test.describe('home page', () => {
  test('renders inside the shell with the slider, whose autoplay pauses on hover and advances on its own', async ({ page }) => {
    await page.goto('/');
    const content = remote(page, 'content');
    const slider = content.getByRole('region', { name: 'Highlights' });
    await expect(content.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    await expectChrome(page);
    await expect(page).toHaveTitle('Fernleaf | Bags, travel and accessories');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Backpacks, totes, luggage and leather accessories made for life in Aotearoa/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    // the catalogue's products fill the rails
    await expect(content.getByRole('heading', { level: 2, name: 'New arrivals' })).toBeVisible();
    await expect(content.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(content.getByRole('region', { name: 'New arrivals' }).locator('li a[href^="/products/"]').first()).toBeVisible();

    // hovering pauses autoplay; leaving resumes it
    await expect(slider).toHaveAttribute('data-playing', 'true');
    await slider.hover();
    await expect(slider).toHaveAttribute('data-playing', 'false');
    await page.mouse.move(5, 5);
    await expect(slider).toHaveAttribute('data-playing', 'true');
    // autoplay (6 s) shows the second slide without any interaction
    await expect(content.getByRole('heading', { level: 2, name: 'Pack once, go anywhere' })).toBeVisible({ timeout: 9000 });
    await expect(content.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeHidden();
    // manual controls
    await content.getByRole('button', { name: 'Pause slides' }).click();
    await content.getByRole('button', { name: /Show slide 3 of 4/ }).click();
    await expect(content.getByRole('heading', { level: 2, name: 'Small things, beautifully made' })).toBeVisible();
    await expect(slider).toHaveAttribute('data-playing', 'false');
  });
});

test.describe('articles', () => {
  test('an article renders with its title, description and canonical URL; the footer links to the policy articles', async ({ page }, testInfo) => {
    const response = await page.goto('/articles/terms-of-use');
    expect(response?.status()).toBe(200);
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(content.getByRole('heading', { level: 2, name: 'Prices and payment' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of use | Fernleaf');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /terms that apply/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/articles\/terms-of-use$/);
    await expectNoSeriousAxeViolations(page, testInfo);

    for (const [label, heading] of [
      ['Shipping', 'Shipping and delivery'],
      ['Returns', 'Returns and exchanges'],
      ['Warranty', 'Warranty and repairs'],
    ] as const) {
      await page.locator('#shell-footer').getByRole('link', { name: label, exact: true }).click();
      await expect(content.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.goto('/articles/help-centre');
    await content.getByRole('link', { name: /Using and checking gift cards/ }).click();
    await expect(content.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
    await expect(page).toHaveURL(/\/articles\/help-centre\/gift-cards$/);
  });

  test('an unknown article answers 404 and shows the shell 404 page', async ({ page }) => {
    const response = await page.goto('/articles/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('404');
  });

  test('unknown pages with a trailing slash or a percent-encoded path show the 404 page too', async ({ page }) => {
    // the remote reports the URL as the shell sees it (not rebuilt from decoded, trimmed route params)
    for (const url of ['/articles/no-such-article/', '/blog/no-such-post/', '/blog/caf%C3%A9', '/stores/m%C4%81ngere']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }), url).toHaveText('404');
      await expect(page).toHaveTitle(/Page Not Found/);
    }
  });
});

test.describe('blog', () => {
  test('lists 12 posts per page; the tag filter and paging work', async ({ page }, testInfo) => {
    await page.goto('/blog');
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    const posts = content.getByRole('article');
    await expect(posts).toHaveCount(12);
    await expect(content.getByText('Showing 1-12 of 18 posts')).toBeVisible();
    await expect(page).toHaveTitle('Journal | Fernleaf');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^The Fernleaf journal: travel stories, packing lists/);
    await expectNoSeriousAxeViolations(page, testInfo);

    const pages = content.getByRole('navigation', { name: 'Journal pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(posts).toHaveCount(6);
    await expect(content.getByText('Showing 13-18 of 18 posts')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\?page=2$/);

    const filter = content.getByRole('navigation', { name: 'Filter posts by tag' });
    await filter.getByRole('link', { name: /Care and repair/ }).click();
    await expect(page).toHaveURL(/\/blog\?tag=care$/);
    await expect(content.getByRole('heading', { level: 1, name: 'Journal: Care and repair' })).toBeVisible();
    await expect(posts).toHaveCount(4);
    for (const post of await posts.all()) await expect(post).toContainText('Care and repair');
    await expect(filter.getByRole('link', { name: /Care and repair/ })).toHaveAttribute('aria-current', 'page');
    await expect(content.getByRole('navigation', { name: 'Journal pages' })).toHaveCount(0);

    // a post, and back through its tag
    await content.getByRole('link', { name: 'Caring for leather in a humid climate' }).click();
    await expect(content.getByRole('heading', { level: 1, name: 'Caring for leather in a humid climate' })).toBeVisible();
    await expect(page).toHaveTitle('Caring for leather in a humid climate | Fernleaf');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Auckland humidity is hard on leather/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/caring-for-leather-in-a-humid-climate$/);
    await expect(content.getByRole('heading', { level: 2, name: 'More from the journal' })).toBeVisible();
  });

  test('an unknown blog path shows the 404 page (and the edge answers 404)', async ({ page }) => {
    const response = await page.goto('/blog/this-post-does-not-exist');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page).toHaveTitle(/Page Not Found/);
    await expectChrome(page);

    // client-side too: from the journal to a post that is gone
    await page.goto('/blog');
    await expect(remote(page, 'content').getByRole('article')).toHaveCount(12);
    await page.evaluate(() => {
      history.pushState(null, '', '/blog/gone-since-yesterday');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
  });

  test('an unknown tag or a page past the end shows the 404 page (the edge answers 404); a valid tag then works', async ({ page }) => {
    const main = page.getByRole('main');
    const content = remote(page, 'content');
    for (const url of ['/blog?tag=astrology', '/blog?page=99', '/blog?page=abc']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(main.getByRole('heading', { level: 1 }), url).toHaveText('404');
      await expect(page).toHaveTitle(/Page Not Found/);
    }
    // client-side from the 404 page to a valid tag of the same path: the journal, not the 404 page
    await page.goto('/blog?tag=astrology');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
    const go = (url: string) =>
      page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, url);
    await go('/blog?tag=care');
    await expect(content.getByRole('heading', { level: 1, name: 'Journal: Care and repair' })).toBeVisible();
    await expect(content.getByRole('article')).toHaveCount(4);
    await expect(page).toHaveTitle('Care and repair: Journal | Fernleaf');
    // and from a valid list to a page past the end, client-side
    await go('/blog?page=99');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?tag=care$/);
    await expect(content.getByRole('article')).toHaveCount(4);
  });

  test('a blog loading failure shows the blog message', async ({ page }) => {
    // the server renders /blog with its posts: the browser loads the list on a
    // client-side navigation, from another page
    await page.goto('/stores');
    await expect(remote(page, 'content').getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await page.route('**/api/content/blog?**', (route) => route.fulfill({ status: 503, body: '{}', contentType: 'application/json' }));
    // the page's data comes as its route payload first: that fails too, so the page asks the API
    await page.route('**/blog/_payload.json*', (route) => route.fulfill({ status: 503, body: '{}', contentType: 'application/json' }));
    await headerLink(page, 'Journal').click();
    await expect(remote(page, 'content').getByRole('alert')).toContainText("We couldn't load the journal just now");
  });
});
