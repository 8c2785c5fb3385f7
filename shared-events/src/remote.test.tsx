import { waitFor } from '@testing-library/react';
import type { AppProps } from 'single-spa';
import { bus, topics } from '@store/shared-events';
import { defineRemoteApp, ReportNotFound } from './remote';

// single-spa-react resolves mount after React commits; the test drives it like single-spa does.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const props = (domElement: HTMLElement) => ({ name: 'catalog', singleSpa: {}, mountParcel: jest.fn(), domElement }) as unknown as AppProps;

describe('defineRemoteApp', () => {
  it('mounts into the element the shell passes and unmounts cleanly', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const app = defineRemoteApp({ name: 'catalog', rootComponent: () => <h1>Backpacks</h1> });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    expect(element.querySelector('h1')?.textContent).toBe('Backpacks');
    await app.unmount(props(element));
    expect(element.innerHTML).toBe('');
  });

  it('shows a fallback and reports on the bus when the remote throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    const element = document.createElement('div');
    document.body.append(element);
    const Broken = () => {
      throw new Error('kaboom');
    };
    const app = defineRemoteApp({ name: 'catalog', rootComponent: Broken });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    expect(element.querySelector('[role="alert"]')?.textContent).toContain('Sorry, we hit a snag');
    expect(failures).toContainEqual({ remote: 'catalog', reason: 'render-error', message: 'kaboom' });
    stop();
  });
});

describe('defineRemoteApp hydrating a server render', () => {
  const serverRendered = (html: string) => {
    const element = document.createElement('div');
    element.setAttribute('data-ssr', 'rendered');
    element.innerHTML = html;
    document.body.append(element);
    return element;
  };
  const dataElement = (value: unknown) => {
    document.getElementById('ssr-data')?.remove();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'ssr-data';
    script.textContent = JSON.stringify(value);
    document.body.append(script);
  };
  const Page = ({ routeData }: { routeData?: Record<string, unknown> | null }) => <h1>{String((routeData?.['/api/thing'] as { name?: string } | undefined)?.name ?? 'no data')}</h1>;

  afterEach(() => {
    document.getElementById('ssr-data')?.remove();
    jest.restoreAllMocks();
  });

  it('hydrates with the route data embedded in the page, without a request', async () => {
    window.history.replaceState(null, '', '/things/a');
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    dataElement({ remote: 'catalog', path: '/things/a', data: { '/api/thing': { name: 'Tote' } } });
    const element = serverRendered('<h1>Tote</h1>');
    const h1 = element.querySelector('h1');
    const app = defineRemoteApp({ name: 'catalog', rootComponent: Page as never });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    await waitFor(() => expect(element.hasAttribute('data-ssr')).toBe(false));
    expect(element.querySelector('h1')).toBe(h1);
    expect(h1?.textContent).toBe('Tote');
    expect(fetchSpy).not.toHaveBeenCalled();
    await app.unmount(props(element));
  });

  it('fetches route data the page only names (its payload URL) before hydrating, and keeps the server nodes', async () => {
    window.history.replaceState(null, '', '/things/b?x=1');
    const fetchSpy = jest.fn(async () => new Response(JSON.stringify({ status: 200, data: { '/api/thing': { name: 'Duffle' } } }), { status: 200 }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    dataElement({ remote: 'catalog', path: '/things/b?x=1', src: '/things/b/_payload.json?x=1' });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = serverRendered('<h1>Duffle</h1>');
    const h1 = element.querySelector('h1');
    const app = defineRemoteApp({ name: 'catalog', rootComponent: Page as never });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    expect(fetchSpy).toHaveBeenCalledWith('/things/b/_payload.json?x=1', expect.objectContaining({ credentials: 'same-origin' }));
    await waitFor(() => expect(element.querySelector('h1')?.textContent).toBe('Duffle'));
    // hydrated in place: the same node, no mismatch reported
    expect(element.querySelector('h1')).toBe(h1);
    expect(errors).not.toHaveBeenCalled();
    await app.unmount(props(element));
  });

  it('takes the embedded data on a URL with campaign tags: the edge rendered it for the parameters the remote reads', async () => {
    window.history.replaceState(null, '', '/things/c?utm_source=mail&sort=price&colour=red&sort=name');
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    dataElement({ remote: 'catalog', path: '/things/c?colour=red&sort=price', query: ['sort', 'colour'], data: { '/api/thing': { name: 'Satchel' } } });
    const element = serverRendered('<h1>Satchel</h1>');
    const app = defineRemoteApp({ name: 'catalog', rootComponent: Page as never });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    await waitFor(() => expect(element.hasAttribute('data-ssr')).toBe(false));
    expect(element.querySelector('h1')?.textContent).toBe('Satchel');
    expect(fetchSpy).not.toHaveBeenCalled();
    await app.unmount(props(element));
  });

  it('does not take embedded data rendered for another value of a parameter the remote reads', async () => {
    window.history.replaceState(null, '', '/things/d?sort=name');
    global.fetch = jest.fn() as unknown as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    dataElement({ remote: 'catalog', path: '/things/d?sort=price', query: ['sort'], data: { '/api/thing': { name: 'Clutch' } } });
    // (the server HTML is what the page shows without data, so only taking the wrong data would change it)
    const element = serverRendered('<h1>no data</h1>');
    const app = defineRemoteApp({ name: 'catalog', rootComponent: Page as never });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    await waitFor(() => expect(element.hasAttribute('data-ssr')).toBe(false));
    expect(element.querySelector('h1')?.textContent).toBe('no data');
    await app.unmount(props(element));
  });
});

describe('ReportNotFound', () => {
  it('asks the shell for its 404 page for the given path', async () => {
    const seen: unknown[] = [];
    const stop = bus.subscribe(topics.shellNotFound, (payload) => seen.push(payload));
    const element = document.createElement('div');
    const app = defineRemoteApp({ name: 'content', rootComponent: () => <ReportNotFound source="content" path="/blog/nope" /> });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    await waitFor(() => expect(seen).toEqual([{ path: '/blog/nope' }]));
    stop();
  });
});

describe('defineRemoteApp hot updates', () => {
  it('re-renders mounted roots with a replaced root component, keeping the mount', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const app = defineRemoteApp({ name: 'catalog', rootComponent: () => <h1>Sort by</h1> });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    const heading = element.querySelector('h1');
    expect(heading?.textContent).toBe('Sort by');
    app.replaceRootComponent(() => <h1>Order by</h1>);
    await waitFor(() => expect(element.querySelector('h1')?.textContent).toBe('Order by'));
    await app.unmount(props(element));
    expect(element.innerHTML).toBe('');
  });
});
