// What a phone pays after the page has painted: taps measured with Event Timing at 4x CPU on a
// 412x823 touch screen, the time from a tap to what it shows, and the scripts a quiet page fetches.
/* global window, document, performance, PerformanceObserver, MutationObserver -- inside page callbacks */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { onCleanup } from './proc.mjs';

/** Targets of the taps (Event Timing: the longest entry of the interaction, median of the runs). */
export const TAP_TARGETS = { interactionMs: 100, addToCartDrawerMs: 400, cartToContactMs: 500, listingToProductMs: 200, quietScriptsKb: 180, scriptsBeforeInteractiveKb: 130 };

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/**
 * Waits until the machine's 1-minute load average is at most `maxLoad` (a busy host inflates
 * every browser figure), at most `maxWaitMs`. Returns the load it started at and whether it gave up.
 */
export const QUIET_LOAD = { maxLoad: 1.5 };
export async function waitForQuietMachine({ maxLoad = QUIET_LOAD.maxLoad, maxWaitMs = 180_000, log = () => {} } = {}) {
  const t0 = Date.now();
  let said = false;
  for (;;) {
    const load = os.loadavg()[0];
    if (load <= maxLoad) return { load: Number(load.toFixed(2)), waitedMs: Date.now() - t0, gaveUp: false };
    if (Date.now() - t0 >= maxWaitMs) {
      log(`  machine not quiet: load average ${load.toFixed(2)} > ${maxLoad} after ${Math.round(maxWaitMs / 1000)} s; measuring anyway`);
      return { load: Number(load.toFixed(2)), waitedMs: Date.now() - t0, gaveUp: true };
    }
    if (!said) log(`  waiting for a quiet machine (load average ${load.toFixed(2)} > ${maxLoad})`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** Before any script of the page: Event Timing entries by interaction, and the last tap's time. */
function installProbes() {
  window.__bench = { events: [], lastTap: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) window.__bench.events.push({ id: entry.interactionId, name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.addEventListener('pointerdown', (event) => (window.__bench.lastTap = event.timeStamp), true);
}

async function newPhone(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** A page as a shopper finds it a little after landing: its scripts started and hydrated, the network quiet. */
async function landed(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  // no intent on purpose: the page starts its scripts itself once quiet (or the first tap would pay for the start-up)
  await page.waitForFunction(() => !document.querySelector('[data-ssr="rendered"]') && document.readyState === 'complete', null, { timeout: 60_000, polling: 250 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
}

/**
 * Taps `locator` and waits until `shown` (a function run in the page each frame) is true. Returns
 * the longest Event Timing entry of the tap's interaction(s) and the time from the tap to the frame
 * where `shown` first held.
 */
async function tap(page, locator, shown, arg) {
  await locator.scrollIntoViewIfNeeded({ timeout: 15_000 }).catch((error) => {
    throw new Error(`${locator}: ${error.message.split('\n')[0]}`);
  });
  await page.evaluate(() => {
    window.__bench.events.length = 0;
  });
  await locator.tap();
  const shownAt = await (await page.waitForFunction(shown, arg, { polling: 'raf', timeout: 30_000 })).jsonValue();
  // Event Timing entries are reported after the next paint: give them a moment
  await page.waitForTimeout(400);
  const { events, lastTap } = await page.evaluate(() => ({ events: window.__bench.events.slice(), lastTap: window.__bench.lastTap }));
  const durations = events.filter((e) => e.start >= lastTap - 1).map((e) => e.duration);
  return { interactionMs: durations.length ? Math.max(...durations) : null, shownMs: typeof shownAt === 'number' ? Math.round(shownAt - lastTap) : null };
}

const visibleDialog = (name) => {
  const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.getAttribute('aria-label') === name || document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() === name);
  if (!dialog) return false;
  const box = dialog.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? performance.now() : false;
};

/**
 * One run of every tap: a category page (menu, filters, a facet, a tile to its product page), a
 * product page with sizes (a size, Add to cart to the cart drawer), the cart page (Checkout to the
 * contact step). A fresh phone per run.
 */
async function oneRun(browser, { baseUrl, listingPath, variantProduct, coldProduct }) {
  const { context, page } = await newPhone(browser);
  const out = {};
  try {
    // a page nobody has touched yet: the tap itself starts the scripts (reference, no target);
    // another product than the one added later, so that add finds nothing of it cached
    await page.goto(`${baseUrl}/products/${coldProduct}`, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    out.coldAddToCart = await tap(page, page.locator('[data-remote="catalog"]').getByRole('button', { name: 'Add to cart' }), visibleDialog, 'Your cart');
    await page.keyboard.press('Escape');

    await landed(page, `${baseUrl}${listingPath}`);
    const header = page.locator('#shell-header');
    out.openMenu = await tap(page, header.getByRole('button', { name: 'Open menu' }), visibleDialog, 'Menu');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' }).catch(() => undefined);
    const catalog = page.locator('[data-remote="catalog"]');
    out.openFilters = await tap(page, catalog.getByTestId('filters-button'), visibleDialog, 'Filters');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const facet = drawer.locator('[data-facet="colours"] label').first();
    out.tickFacet = await tap(page, facet, () => (document.querySelector('[role="dialog"] [data-facet="colours"] input:checked') ? performance.now() : false));
    await drawer.getByTestId('filters-done').tap();
    await drawer.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const tile = catalog.getByTestId('product-tile').nth(2);
    const listingH1 = await catalog.locator('h1').textContent();
    out.listingToProduct = await tap(page, tile, (before) => {
      const h1 = document.querySelector('[data-remote="catalog"] h1');
      return h1 && window.location.pathname.startsWith('/products/') && h1.textContent !== before ? performance.now() : false;
    }, listingH1);

    await landed(page, `${baseUrl}/products/${variantProduct}`);
    // a size in stock other than the one chosen
    const option = catalog.getByTestId('variant-option').filter({ has: page.locator('input:not(:checked):not(:disabled)') }).first();
    const value = await option.locator('input').getAttribute('value');
    out.chooseVariant = await tap(page, option, (v) => (document.querySelector(`input[name="variant"][value="${v}"]`)?.checked ? performance.now() : false), value);
    out.addToCart = await tap(page, catalog.getByRole('button', { name: 'Add to cart' }), visibleDialog, 'Your cart');

    await landed(page, `${baseUrl}/cart`);
    const app = page.locator('[data-remote="cart_checkout"]');
    const checkout = app.getByRole('button', { name: 'Checkout' });
    await checkout.waitFor({ state: 'visible', timeout: 30_000 });
    out.cartToContact = await tap(page, checkout, () => {
      const h1 = document.querySelector('[data-remote="cart_checkout"] h1');
      return h1 && h1.textContent?.trim() === 'Contact details' ? performance.now() : false;
    });
  } finally {
    await context.close();
  }
  return out;
}

export const TAPS = [
  ['coldAddToCart', 'Add to cart on an untouched page -> cart drawer shown (start-up included; reference)'],
  ['openMenu', 'open the menu (header)'],
  ['openFilters', 'open the filters (category)'],
  ['tickFacet', 'tick a facet (filter drawer)'],
  ['listingToProduct', 'listing -> product h1 (tap a tile)'],
  ['chooseVariant', 'choose a size (product)'],
  ['addToCart', 'Add to cart -> cart drawer shown'],
  ['cartToContact', 'cart -> contact step shown (Checkout)'],
];

/**
 * `runs` runs of `measure(browser, i, quiet, fail)` in one browser, each started on a quiet machine:
 * the runs it returned and the failures (a run that throws, or what it reports through `fail`).
 */
async function quietRuns({ name, chromiumPath, chromiumFlags, runs, log }, measure) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const forget = onCleanup(() => browser.close());
  const perRun = [];
  const failures = [];
  try {
    for (let i = 1; i <= runs; i += 1) {
      const quiet = await waitForQuietMachine({ log });
      try {
        perRun.push(await measure(browser, i, quiet, (message) => failures.push(`run ${i}: ${message}`)));
      } catch (error) {
        failures.push(`run ${i}: ${error?.message?.split('\n')[0] ?? error}`);
        log(`  ${name} run ${i}/${runs}: FAILED ${error?.message?.split('\n')[0] ?? error}`);
      }
    }
  } finally {
    forget();
    await browser.close();
  }
  return { perRun, failures };
}

/** `runs` runs of every tap (median per tap), each started on a quiet machine. */
export async function measureTaps({ baseUrl, listingPath, variantProduct, coldProduct, chromiumPath, chromiumFlags, runs = 5, log = () => {} }) {
  const { perRun, failures } = await quietRuns({ name: 'taps', chromiumPath, chromiumFlags, runs, log }, async (browser, i, quiet) => {
    const run = await oneRun(browser, { baseUrl, listingPath, variantProduct, coldProduct });
    log(`  taps run ${i}/${runs} (load ${quiet.load}): ${TAPS.map(([key]) => `${key} ${run[key]?.interactionMs ?? '-'}/${run[key]?.shownMs ?? '-'} ms`).join(', ')}`);
    return { ...run, loadAverage: quiet.load, gaveUpWaiting: quiet.gaveUp };
  });
  const taps = Object.fromEntries(
    TAPS.map(([key, label]) => [key, { label, interactionMs: median(perRun.map((r) => r[key]?.interactionMs)), shownMs: median(perRun.map((r) => r[key]?.shownMs)), runs: perRun.map((r) => r[key] ?? null) }]),
  );
  return { runs: perRun.length, taps, perRun, failures, targets: TAP_TARGETS };
}

/**
 * Scripts a page fetches in its first `seconds` when nobody touches it (bytes on the wire: brotli
 * from this server), at 4x CPU on the same phone.
 */
export async function quietPageScripts({ baseUrl, paths, chromiumPath, chromiumFlags, seconds = 10 }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const forget = onCleanup(() => browser.close());
  const out = {};
  try {
    for (const [key, pathname] of Object.entries(paths)) {
      const { context, page } = await newPhone(browser);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Map();
      const done = [];
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
      });
      cdp.on('Network.loadingFinished', (e) => {
        if (scripts.has(e.requestId)) done.push({ url: scripts.get(e.requestId), bytes: e.encodedDataLength });
      });
      await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'commit' });
      await page.waitForTimeout(seconds * 1000);
      out[key] = { path: pathname, seconds, scripts: done.length, bytes: done.reduce((sum, s) => sum + s.bytes, 0), files: done.map((s) => ({ url: s.url.replace(baseUrl, ''), bytes: s.bytes })) };
      await context.close();
    }
  } finally {
    forget();
    await browser.close();
  }
  return out;
}

/**
 * What the field Web Vitals reporter costs before the page is interactive: a phone (4x CPU) opens
 * `path` with its page view sampled (the page's registry asks for every view, as it does on a
 * checkout route), shows intent (a key press) once the page has loaded, and records Long Animation
 * Frames with the scripts that ran in them. Counted: frames of 50 ms or more that ran the
 * reporter's chunk (`/vitals.`) before every server-rendered region was hydrated. Target: none.
 */
export async function beaconCost({ baseUrl, path: pathname, chromiumPath, chromiumFlags, runs = 3, log = () => {} }) {
  const { perRun, failures } = await quietRuns({ name: 'beacon', chromiumPath, chromiumFlags, runs, log }, async (browser, i, quiet, fail) => {
      const { context, page } = await newPhone(browser);
      try {
        await context.addInitScript(() => {
          window.__beacon = { frames: [], interactiveAt: null };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              window.__beacon.frames.push({ start: entry.startTime, duration: entry.duration, scripts: (entry.scripts ?? []).map((s) => ({ url: s.sourceURL, duration: s.duration, invoker: s.invoker })) });
            }
          }).observe({ type: 'long-animation-frame', buffered: true });
          const check = () => {
            if (window.__beacon.interactiveAt === null && document.readyState !== 'loading' && !document.querySelector('[data-ssr="rendered"]')) window.__beacon.interactiveAt = performance.now();
          };
          document.addEventListener('DOMContentLoaded', () => {
            new MutationObserver(check).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['data-ssr'] });
          });
        });
        // the page view is sampled: its registry asks for every view
        await page.route(`${baseUrl}${pathname}`, async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(/(<script type="application\/json" id="shell-registry">)(.*?)(<\/script>)/s, (_m, open, json, close) => `${open}${JSON.stringify({ ...JSON.parse(json), analytics: { ...(JSON.parse(json).analytics ?? {}), vitalsSampleRate: 1 } })}${close}`);
          await route.fulfill({ response, body: html });
        });
        await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'load' });
        await page.waitForTimeout(300);
        await page.keyboard.press('Shift');
        const reporter = await page.waitForResponse((r) => /\/vitals\.[^/]*\.js$/.test(r.url()), { timeout: 30_000 }).catch(() => null);
        await page.waitForFunction(() => window.__beacon.interactiveAt !== null, null, { timeout: 30_000 }).catch(() => undefined);
        await page.waitForTimeout(3000);
        const seen = await page.evaluate(() => ({
          interactiveAt: window.__beacon.interactiveAt,
          reporterAt: performance.getEntriesByType('resource').find((e) => /\/vitals\.[^/]*\.js$/.test(e.name))?.responseEnd ?? null,
          frames: window.__beacon.frames,
        }));
        const byReporter = seen.frames.filter((f) => f.duration >= 50 && f.scripts.some((s) => /\/vitals\.[^/]*\.js/.test(s.url)));
        const before = byReporter.filter((f) => seen.interactiveAt === null || f.start < seen.interactiveAt);
        const run = {
          loadAverage: quiet.load,
          gaveUpWaiting: quiet.gaveUp,
          reporterLoaded: reporter !== null,
          interactiveMs: seen.interactiveAt === null ? null : Math.round(seen.interactiveAt),
          reporterMs: seen.reporterAt === null ? null : Math.round(seen.reporterAt),
          longFramesBeforeInteractive: before.length,
          longFramesAfter: byReporter.length - before.length,
          longestMs: byReporter.length ? Math.round(Math.max(...byReporter.map((f) => f.duration))) : 0,
          // every long frame of the page: none at all means the browser reported none (no measurement)
          longFramesOfPage: seen.frames.filter((f) => f.duration >= 50).length,
        };
        if (!run.reporterLoaded) fail('the reporter was not loaded');
        if (run.longFramesOfPage === 0) {
          fail('the browser reported no long animation frame at all (hydration at 4x CPU has some): not measured');
          run.reporterLoaded = false;
        }
        log(`  beacon run ${i}/${runs} (load ${quiet.load}): interactive at ${run.interactiveMs} ms, reporter at ${run.reporterMs} ms, its long frames before interactive ${run.longFramesBeforeInteractive}, after ${run.longFramesAfter} (longest ${run.longestMs} ms), the page's ${run.longFramesOfPage}`);
        return run;
      } finally {
        await context.close();
      }
  });
  const measured = perRun.filter((r) => r.reporterLoaded);
  return { path: pathname, runs: perRun, failures, longFramesBeforeInteractive: measured.length ? Math.max(...measured.map((r) => r.longFramesBeforeInteractive)) : null };
}
