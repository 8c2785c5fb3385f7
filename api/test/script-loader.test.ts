import { JSDOM } from 'jsdom';
import { INTENT_EVENTS, SCRIPTS_WHEN_QUIET_MS, scriptsOnIntent } from '../src/edge/ssr/render';
import { ENGAGED_EVENT, ENGAGED_GLOBAL } from '../src/edge/ssr/singletons';

/**
 * The inline loader a server-rendered page starts its scripts with, run in a DOM: nothing is
 * fetched until the shopper shows intent or the page has been quiet, and an early tap is kept.
 */
const TEMPLATE_END = '<div id="shell-overlays"></div><script defer="defer" src="/cdn/shell/s1/main.js"></script></body></html>';

function page() {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const html =
    '<!doctype html><html><head></head><body>' +
    '<main id="shell-main"><div data-ssr="rendered"><form><button type="submit" id="add">Add to cart</button></form><a id="link" href="#x">x</a></div></main>' +
    '<button id="outside">Outside</button>' +
    scriptsOnIntent(TEMPLATE_END, ['/cdn/things/t1/mf-manifest.json']);
  const dom = new JSDOM(html, {
    runScripts: 'dangerously',
    url: 'http://localhost/',
    beforeParse(window) {
      // the loader's timers are recorded rather than run, so the test decides when time passes
      (window as unknown as { setTimeout: (fn: () => void, ms: number) => number }).setTimeout = (fn, ms) => timers.push({ fn, ms });
    },
  });
  const { window } = dom;
  const started = () => [...window.document.querySelectorAll('body > script[src]')].map((s) => s.getAttribute('src'));
  const preloads = () => [...window.document.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href'));
  return { window, timers, started, preloads };
}

describe('the script loader of a server-rendered page', () => {
  it('starts nothing while the shopper has not shown intent and the page is not yet quiet', () => {
    const { started, preloads } = page();
    expect(started()).toEqual([]);
    expect(preloads()).toEqual([]);
  });

  /** An intent event; a mousemove that moves (a real mouse's). */
  const intent = (window: JSDOM['window'], type: string, movement = 3) => {
    const event = new window.Event(type, { bubbles: true });
    if (type === 'mousemove') Object.defineProperties(event, { movementX: { value: movement }, movementY: { value: 0 } });
    return event;
  };

  it.each(INTENT_EVENTS)('starts the shell script and the route manifest on the first %s, once', (type) => {
    const { window, started, preloads } = page();
    window.dispatchEvent(intent(window, type));
    expect(started()).toEqual(['/cdn/shell/s1/main.js']);
    expect(preloads()).toEqual(['/cdn/things/t1/mf-manifest.json']);
    for (const again of INTENT_EVENTS) window.dispatchEvent(new window.Event(again, { bubbles: true }));
    expect(started()).toHaveLength(1);
  });

  it("ignores the mousemove a browser sends a still pointer when the layout under it changes (no movement)", () => {
    const { window, started } = page();
    window.dispatchEvent(intent(window, 'mousemove', 0));
    expect(started()).toEqual([]);
    expect((window as unknown as Record<string, unknown>)[ENGAGED_GLOBAL]).toBe(false);
    window.dispatchEvent(intent(window, 'mousemove', 2));
    expect(started()).toEqual(['/cdn/shell/s1/main.js']);
  });

  it('starts them when the page has been quiet for a while after its load event', async () => {
    const { window, timers, started } = page();
    await new Promise<void>((resolve) => (window.document.readyState === 'complete' ? resolve() : window.addEventListener('load', () => resolve())));
    const quiet = timers.find((t) => t.ms === SCRIPTS_WHEN_QUIET_MS);
    expect(quiet).toBeDefined();
    expect(started()).toEqual([]);
    quiet!.fn(); // no requestIdleCallback in this DOM: straight on
    expect(started()).toEqual(['/cdn/shell/s1/main.js']);
    // started because the page was quiet: the shopper has not engaged yet
    expect((window as unknown as Record<string, unknown>)[ENGAGED_GLOBAL]).toBe(false);
  });

  it('marks the page engaged on the first intent, after a quiet start too, and says so once', async () => {
    const { window, timers, started } = page();
    const engaged = jest.fn();
    window.addEventListener(ENGAGED_EVENT, engaged);
    expect((window as unknown as Record<string, unknown>)[ENGAGED_GLOBAL]).toBe(false);
    await new Promise<void>((resolve) => (window.document.readyState === 'complete' ? resolve() : window.addEventListener('load', () => resolve())));
    timers.find((t) => t.ms === SCRIPTS_WHEN_QUIET_MS)!.fn();
    expect(engaged).not.toHaveBeenCalled();
    window.dispatchEvent(new window.Event('touchstart', { bubbles: true }));
    window.dispatchEvent(new window.Event('keydown', { bubbles: true }));
    window.document.getElementById('outside')!.click();
    expect((window as unknown as Record<string, unknown>)[ENGAGED_GLOBAL]).toBe(true);
    expect(engaged).toHaveBeenCalledTimes(1);
    expect(started()).toEqual(['/cdn/shell/s1/main.js']);
  });

  it('keeps a tap on a server-rendered button for the hydrated page and holds back its native submit', () => {
    const { window, started } = page();
    const add = window.document.getElementById('add')!;
    const submitted = jest.fn((event: Event) => event.preventDefault());
    window.document.querySelector('form')!.addEventListener('submit', submitted);
    const click = new window.MouseEvent('click', { bubbles: true, cancelable: true });
    add.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    expect((window as unknown as { __storeEarlyClicks: Element[] }).__storeEarlyClicks).toEqual([add]);
    expect(started()).toEqual(['/cdn/shell/s1/main.js']);
  });

  it('leaves links and buttons outside server-rendered regions alone', () => {
    const { window } = page();
    for (const id of ['link', 'outside']) {
      const click = new window.MouseEvent('click', { bubbles: true, cancelable: true });
      window.document.getElementById(id)!.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect((window as unknown as { __storeEarlyClicks: Element[] }).__storeEarlyClicks).toEqual([]);
  });
});
