import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { canPrefetch, classifyLink, fetchRoutePayloadAnswer, forgetRoutePayload, MAX_CONCURRENT_PREFETCH, payloadUrl, prefetch, prefetchOnIntent, setPrefetcher, SmartLink } from './link';

const rules = { baseUrl: 'https://www.fernleaf.co.nz', allowedExternal: ['https://www.instagram.com', 'https://www.facebook.com/fernleaf'] };

describe('classifyLink', () => {
  it('treats paths and links under the site base URL as internal', () => {
    expect(classifyLink('/categories/bags', rules)).toEqual({ kind: 'internal', href: '/categories/bags' });
    expect(classifyLink('https://www.fernleaf.co.nz/products/x-p1?c=red', rules)).toEqual({ kind: 'internal', href: '/products/x-p1?c=red' });
    expect(classifyLink('https://www.fernleaf.co.nz', rules)).toEqual({ kind: 'internal', href: '/' });
    // a look-alike domain is not the site
    expect(classifyLink('https://www.fernleaf.co.nz.evil.example/x', rules).kind).toBe('refused');
  });
  it('keeps hash-only links on the page', () => {
    expect(classifyLink('#reviews', rules)).toEqual({ kind: 'hash', href: '#reviews' });
  });
  it('allows only allow-listed external URLs', () => {
    expect(classifyLink('https://www.instagram.com/fernleaf.nz', rules)).toEqual({ kind: 'external', href: 'https://www.instagram.com/fernleaf.nz' });
    expect(classifyLink('https://www.facebook.com/fernleaf', rules).kind).toBe('external');
    expect(classifyLink('https://www.facebook.com/someone-else', rules).kind).toBe('refused');
    expect(classifyLink('https://example.com/', rules).kind).toBe('refused');
    expect(classifyLink('//example.com/x', rules).kind).toBe('refused');
    expect(classifyLink('ftp://files.fernleaf.co.nz/', rules).kind).toBe('refused');
  });
  it('refuses script-style protocols everywhere, however they are disguised', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox(1)', '\u0001javascript:x']) {
      expect(classifyLink(href, { ...rules, allowedExternal: ['javascript:', 'data:'] }).kind).toBe('refused');
    }
    expect(classifyLink('', rules).kind).toBe('refused');
  });
});

describe('canPrefetch', () => {
  it('skips data-saver and 2g connections', () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('prefetch queue', () => {
  afterEach(() => {
    setPrefetcher(null);
    delete (window as unknown as { __storePrefetchQueue?: unknown }).__storePrefetchQueue;
  });
  it('runs at most 4 at once, each path once', async () => {
    const releases: (() => void)[] = [];
    const started: string[] = [];
    setPrefetcher((path) => {
      started.push(path);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    for (let i = 0; i < 7; i += 1) prefetch(`/p/${i}`);
    prefetch('/p/0');
    await act(async () => undefined);
    expect(MAX_CONCURRENT_PREFETCH).toBe(4);
    expect(started).toEqual(['/p/0', '/p/1', '/p/2', '/p/3']);
    await act(async () => {
      releases[0]!();
      releases[1]!();
    });
    expect(started).toHaveLength(6);
    await act(async () => releases.slice(2).forEach((r) => r()));
    await act(async () => releases.slice(2).forEach((r) => r()));
    expect(started).toEqual(['/p/0', '/p/1', '/p/2', '/p/3', '/p/4', '/p/5', '/p/6']);
  });

  it('starts a link the shopper is about to follow at once, ahead of the queue, once', async () => {
    const started: string[] = [];
    setPrefetcher((path) => {
      started.push(path);
      return new Promise<void>(() => undefined);
    });
    for (let i = 0; i < 6; i += 1) prefetch(`/p/${i}`);
    await act(async () => undefined);
    expect(started).toEqual(['/p/0', '/p/1', '/p/2', '/p/3']);
    prefetch('/products/tapped', { intent: true });
    // queued but not started: moved ahead
    prefetch('/p/5', { intent: true });
    // started already: nothing again
    prefetch('/p/0', { intent: true });
    await act(async () => undefined);
    expect(started).toEqual(['/p/0', '/p/1', '/p/2', '/p/3', '/products/tapped', '/p/5']);
  });

  it('prefetches a link on a pointer down, a mouse hover and focus, but not a touch passing over it', async () => {
    // (jsdom's events carry no pointerType)
    const pointerOver = (pointerType: string) => Object.defineProperty(new MouseEvent('pointerover', { bubbles: true }), 'pointerType', { value: pointerType });
    const started: string[] = [];
    setPrefetcher(async (path) => {
      started.push(path);
    });
    render(
      <>
        <a href="/products/a" {...prefetchOnIntent('/products/a')}>A</a>
        <a href="/products/b" {...prefetchOnIntent('/products/b')}>B</a>
        <a href="/products/c" {...prefetchOnIntent('/products/c')}>C</a>
        <a href="/products/d" {...prefetchOnIntent('/products/d')}>D</a>
      </>,
    );
    fireEvent.pointerDown(screen.getByText('A'));
    fireEvent(screen.getByText('B'), pointerOver('mouse'));
    fireEvent.focus(screen.getByText('C'));
    fireEvent(screen.getByText('D'), pointerOver('touch'));
    await act(async () => undefined);
    expect(started).toEqual(['/products/a', '/products/b', '/products/c']);
  });
});

describe('SmartLink', () => {
  it('navigates internally without a page load', async () => {
    const user = userEvent.setup();
    const onPop = jest.fn();
    window.addEventListener('popstate', onPop);
    render(<SmartLink href="https://www.fernleaf.co.nz/categories/travel" rules={rules}>Travel</SmartLink>);
    const link = screen.getByRole('link', { name: 'Travel' });
    expect(link).toHaveAttribute('href', '/categories/travel');
    expect(link).not.toHaveAttribute('target');
    await user.click(link);
    expect(window.location.pathname).toBe('/categories/travel');
    expect(onPop).toHaveBeenCalled();
    window.removeEventListener('popstate', onPop);
    window.history.pushState({}, '', '/');
  });
  it('opens allowed external links in a new tab and renders refused ones without an href', () => {
    render(
      <>
        <SmartLink href="https://www.instagram.com/fernleaf.nz" rules={rules}>Instagram</SmartLink>
        <SmartLink href="javascript:alert(1)" rules={rules}>Bad</SmartLink>
      </>,
    );
    const instagram = screen.getByRole('link', { name: 'Instagram' });
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(screen.getByText('Bad')).not.toHaveAttribute('href');
  });
});

describe('SmartLink prefetch on view', () => {
  const observed: { element: Element; callback: IntersectionObserverCallback }[] = [];
  const original = (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
  beforeEach(() => {
    observed.length = 0;
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({ element, callback: this.callback });
      }
      disconnect() {}
    };
  });
  afterEach(() => {
    (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    setPrefetcher(null);
    delete (window as unknown as { __storePrefetchQueue?: unknown }).__storePrefetchQueue;
  });
  const scrollIntoView = (name: string) =>
    act(async () => {
      for (const { element, callback } of observed.filter((o) => o.element.textContent === name)) {
        callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });

  it('prefetches an internal link once it scrolls into view, but not a new-tab or external one', async () => {
    const prefetched: string[] = [];
    setPrefetcher(async (path) => {
      prefetched.push(path);
    });
    render(
      <>
        <SmartLink href="/categories/bags" rules={rules}>Bags</SmartLink>
        <SmartLink href="/categories/travel" target="_blank" rules={rules}>Travel in a new tab</SmartLink>
        <SmartLink href="https://www.instagram.com/fernleaf.nz" rules={rules}>Instagram</SmartLink>
      </>,
    );
    expect(prefetched).toEqual([]);
    // only the internal same-tab link is watched at all
    expect(observed.map((o) => o.element.textContent)).toEqual(['Bags']);
    await scrollIntoView('Bags');
    expect(prefetched).toEqual(['/categories/bags']);
  });
});

describe('route payloads (page-wide cache)', () => {
  beforeEach(() => {
    delete (window as unknown as { __storeRoutePayloads?: unknown }).__storeRoutePayloads;
  });

  it('maps a route to its payload URL', () => {
    expect(payloadUrl('/categories/bags/?sort=price-asc')).toBe('/categories/bags/_payload.json?sort=price-asc');
    expect(payloadUrl('/products/harbour-tote-p12')).toBe('/products/harbour-tote-p12/_payload.json');
  });

  it('one request serves the prefetch and the visit, whichever bundle asks; a forgotten route asks again', async () => {
    const load = jest.fn(async () => ({ status: 200, json: async () => ({ status: 200, data: { '/api/x': 1 } }) }));
    const first = await fetchRoutePayloadAnswer('/categories/bags', load as unknown as typeof fetch);
    const second = await fetchRoutePayloadAnswer('/categories/bags', load as unknown as typeof fetch);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/categories/bags/_payload.json', { headers: { Accept: 'application/json' } });
    expect(second).toBe(first);
    expect(first).toEqual({ status: 200, body: { status: 200, data: { '/api/x': 1 } } });
    forgetRoutePayload('/categories/bags');
    await fetchRoutePayloadAnswer('/categories/bags', load as unknown as typeof fetch);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed request', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ status: 200, json: async () => ({ data: {} }) });
    await expect(fetchRoutePayloadAnswer('/search?q=tote', load as unknown as typeof fetch)).rejects.toThrow('offline');
    await expect(fetchRoutePayloadAnswer('/search?q=tote', load as unknown as typeof fetch)).resolves.toEqual({ status: 200, body: { data: {} } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
