import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { readState, type E2EState } from './state';

export { expect };

export const REMOTES = ['content', 'catalog', 'cart_checkout', 'account'] as const;
export type RemoteName = (typeof REMOTES)[number];

interface Fixtures {
  /** This run's server and folders (from the global setup). */
  store: E2EState;
  /** Browser console errors and page errors of the test, attached to its report when it fails. */
  consoleErrors: string[];
  /**
   * Content Security Policy violations of the test's browser context (every page and frame):
   * `securitypolicyviolation` events and Chromium's "Refused to ..." console messages. Any one
   * fails the test (the store runs under its CSP with no violation) unless it matches
   * `allowedCspViolations`.
   */
  cspViolations: string[];
  /** Violations a test provokes on purpose (e.g. framing the checkout), as patterns; none by default. */
  allowedCspViolations: RegExp[];
  /**
   * Requests to the store's own origin (pages, API) that carried a test card number (card
   * data goes only to the payment provider's hosted fields): any one fails the test.
   */
  cardNumbersSentToStore: string[];
}

/** The sandbox's test card numbers (docs/checkout.md "Payments sandbox"). */
export const TEST_CARD_NUMBERS = ['4111111111111111', '4005519200000004', '5555555555554444', '378282246310005', '4000111111111115', '5105105105105100', '3530111333300000'];
/** Any test card number, with or without spaces or dashes between its digits (also URL-encoded spaces). */
export const TEST_CARD_PATTERN = new RegExp(TEST_CARD_NUMBERS.map((n) => n.split('').join('(?:[ -]|%20|\\+)?')).join('|'));

/**
 * Types a card into the payment provider's hosted fields: frames of the payment stand-in's origin
 * (the store's document has no card input). The CVV field is labelled CID for American Express.
 */
export async function fillCard(page: Page, number: string, expiry = '12/34', cvv = '123'): Promise<void> {
  const field = (name: string) => page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`);
  await field('number').getByLabel('Card number').fill(number);
  await field('expirationDate').getByLabel('Expiry date (MM/YY)').fill(expiry);
  await field('cvv').getByLabel(/^(CVV|CID)$/).fill(cvv);
  // as typed (the fields format the number in groups)
  await expect(field('number').getByLabel('Card number')).toHaveValue(/^[\d ]+$/);
  await expect(field('expirationDate').getByLabel('Expiry date (MM/YY)')).toHaveValue(expiry);
  await expect(field('cvv').getByLabel(/^(CVV|CID)$/)).toHaveValue(cvv);
}

export const test = base.extend<Fixtures>({
  // The shell registers a service worker (/sw.js). Requests it handles bypass page.route(), which
  // several tests use to take a remote down: off unless a test opts in (tests/14-offline.spec.ts).
  serviceWorkers: 'block',
  store: async ({}, use) => {
    await use(readState());
  },
  // A server-rendered page shows its content before the store's scripts run (they start on the
  // shopper's first intent, or once the page has been quiet for a few seconds, then hydrate): a
  // full page load (goto, reload) moves the mouse over the page, as a shopper about to use it
  // would, and waits until the page is hydrated -- no region still marked data-ssr="rendered".
  // Not for waitUntil 'commit' (tests that hold the scripts back or tap before hydration), and at
  // most HYDRATION_WAIT_MS (a test that breaks a remote on purpose goes on, and asserts the rest).
  page: async ({ page }, use) => {
    const hydrated = async <T>(response: T, options?: { waitUntil?: string }) => {
      if (options?.waitUntil !== 'commit') {
        await moveMouse(page);
        await waitForHydration(page);
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => hydrated(await goto(url, options), options);
    page.reload = async (options) => hydrated(await reload(options), options);
    await use(page);
  },
  // the server's port is only known once the global setup ran, after the config was read
  baseURL: async ({ store }, use) => {
    await use(store.baseURL);
  },
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
        await testInfo.attach('browser-errors', { body: errors.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  allowedCspViolations: [[], { option: true }],
  cspViolations: [
    async ({ context, allowedCspViolations }, use, testInfo) => {
      const violations: string[] = [];
      await context.exposeBinding('__e2eCspViolation', ({ frame }, text: string) => {
        violations.push(`${text} (in ${frame.url()})`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const text = `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile || event.documentURI}:${event.lineNumber}${event.sample ? ` sample "${event.sample}"` : ''}`;
          (window as unknown as { __e2eCspViolation?: (text: string) => void }).__e2eCspViolation?.(text);
        });
      });
      context.on('console', (message) => {
        const text = message.text();
        if (/Refused to |Content Security Policy/.test(text)) violations.push(`console: ${text}`);
      });
      await use(violations);
      const unexpected = violations.filter((text) => !allowedCspViolations.some((pattern) => pattern.test(text)));
      if (unexpected.length > 0) {
        await testInfo.attach('csp-violations', { body: unexpected.join('\n'), contentType: 'text/plain' });
        expect(unexpected, 'Content Security Policy violations').toEqual([]);
      }
    },
    { auto: true },
  ],
  cardNumbersSentToStore: [
    async ({ context, store }, use) => {
      const storeOrigin = new URL(store.baseURL).origin;
      const sent: string[] = [];
      context.on('request', (request) => {
        let origin = '';
        try {
          origin = new URL(request.url()).origin;
        } catch {
          return;
        }
        if (origin !== storeOrigin) return;
        const text = `${request.url()}\n${request.postData() ?? ''}`;
        if (TEST_CARD_PATTERN.test(text)) sent.push(`${request.method()} ${request.url()}`);
      });
      await use(sent);
      expect(sent, 'requests to the store that carried a card number').toEqual([]);
    },
    { auto: true },
  ],
});

const HYDRATION_WAIT_MS = 10_000;

/**
 * The shopper's mouse moving over the page: two moves, as a real pointer makes many (the page's
 * loader takes only a mousemove that moves as intent; a first one can carry no movement).
 */
export async function moveMouse(page: Page): Promise<void> {
  await page.mouse.move(1, 1).catch(() => undefined);
  await page.mouse.move(6, 6).catch(() => undefined);
}

/**
 * Until no element of the page is still marked server-rendered and not hydrated (see the page
 * fixture), the footer too (its hydration is "deferred" until the shopper nears it or has shown
 * intent and the page is idle).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-ssr="rendered"], [data-ssr="deferred"]'), null, { timeout: HYDRATION_WAIT_MS }).catch(() => undefined);
}

/** The shell's chrome: header and footer regions. */
export function chrome(page: Page): { header: Locator; footer: Locator } {
  return { header: page.locator('#shell-header'), footer: page.locator('#shell-footer') };
}

/** The element the shell mounted a remote into. */
export function remote(page: Page, name: RemoteName): Locator {
  return page.locator(`[data-remote="${name}"]`);
}

/**
 * A chrome link that navigates client-side to a main section: the header's, or the footer's when
 * the header's does not navigate (an expandable navigation parent like "Bags" only toggles
 * its dropdown; "Cart" is a button opening the cart overlay). The footer repeats those links.
 */
export function headerLink(page: Page, name: string): Locator {
  const { header, footer } = chrome(page);
  return header.getByRole('link', { name, exact: true }).and(page.locator(':not([aria-expanded])')).or(footer.getByRole('link', { name, exact: true })).last();
}

/** Asserts the header and footer are there and show their content. */
export async function expectChrome(page: Page): Promise<void> {
  const { header, footer } = chrome(page);
  await expect(header).toBeVisible();
  await expect(header.getByRole('link', { name: 'Fernleaf home' })).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(footer).toBeVisible();
  await expect(footer.getByText(/Fernleaf Limited/)).toBeVisible();
}

/**
 * Marks the current document so a later check can prove no full page load happened since
 * (client-side navigation keeps the same window object).
 */
export async function markDocument(page: Page): Promise<() => Promise<void>> {
  const mark = `e2e-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((value) => {
    (window as unknown as { __E2E_DOCUMENT__: string }).__E2E_DOCUMENT__ = value;
  }, mark);
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  return async () => {
    expect(documents, 'document requests since the mark').toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __E2E_DOCUMENT__?: string }).__E2E_DOCUMENT__), 'same document').toBe(mark);
  };
}

/** Waits until every listed image finished loading with real pixels. */
export async function expectImagesLoaded(images: Locator, atLeast = 1): Promise<void> {
  await expect.poll(() => images.count()).toBeGreaterThanOrEqual(atLeast);
  const count = await images.count();
  for (let i = 0; i < count; i += 1) {
    const image = images.nth(i);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)), {
        message: `image ${i + 1} (${await image.getAttribute('src')}) loads`,
      })
      .toBeGreaterThan(0);
  }
}
