import { installScrollManager, SCROLL_STATE_KEY, SCROLL_STORAGE_KEY, type ScrollManager } from './scroll';

let manager: ScrollManager | null = null;
const scrollTo = jest.fn((_x: number, y: number) => setScrollY(y));
function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}
function setPageHeight(height: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: height, configurable: true });
}
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  scrollTo.mockClear();
  setScrollY(0);
  setPageHeight(5000);
  manager = installScrollManager();
});
afterEach(() => manager?.dispose());

/** What single-spa does around a Back: the popstate, then its routing events (before and after mounting). */
async function back() {
  const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
  window.history.back();
  await popped;
  window.dispatchEvent(new CustomEvent('single-spa:before-routing-event', { detail: { originalEvent: new PopStateEvent('popstate') } }));
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  await flush();
}

describe('scroll manager', () => {
  it('takes over from the browser and keys every history entry', () => {
    expect(window.history.scrollRestoration).toBe('manual');
    expect(window.history.state[SCROLL_STATE_KEY]).toEqual(expect.any(String));
    window.history.pushState({ usr: null, key: 'rr' }, '', '/products/a');
    expect(window.history.state).toMatchObject({ usr: null, key: 'rr', [SCROLL_STATE_KEY]: expect.any(String) });
    const key = manager!.current();
    window.history.replaceState({ usr: 1 }, '', '/products/a?x=1');
    expect(window.history.state[SCROLL_STATE_KEY]).toBe(key);
  });

  it('a new page starts at the top; a query change on the same page (a filter) keeps the scroll', () => {
    setScrollY(1200);
    const first = manager!.current()!;
    window.history.pushState(null, '', '/products/a');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(manager!.saved(first)).toBe(1200);
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!)[first]).toBe(1200);
    scrollTo.mockClear();
    setScrollY(300);
    window.history.pushState(null, '', '/products/a?colour=black');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('Back restores where the shopper was, once the page is tall enough', async () => {
    setScrollY(1800);
    window.history.pushState(null, '', '/products/a');
    setScrollY(0);
    // the page being returned to is still short (its remote is loading): wait
    setPageHeight(600);
    scrollTo.mockClear();
    await back();
    expect(window.location.pathname).toBe('/');
    expect(scrollTo).not.toHaveBeenCalledWith(0, 1800);
    setPageHeight(5000);
    await new Promise((r) => setTimeout(r, 50));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1800);
  });

  it('a scroll while restoring (the page swap clamping it) does not overwrite the saved position', async () => {
    setScrollY(900);
    const first = manager!.current()!;
    window.history.pushState(null, '', '/stores');
    const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    window.history.back();
    await popped;
    window.dispatchEvent(new CustomEvent('single-spa:before-routing-event', { detail: { originalEvent: new PopStateEvent('popstate') } }));
    setScrollY(0);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 200));
    expect(manager!.saved(first)).toBe(900);
  });
});
