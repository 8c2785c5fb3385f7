import { loadChromeData } from './regions';

const page = (json: string | null) => {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'chrome-data';
    script.textContent = json;
    doc.head.appendChild(script);
  }
  return doc;
};

const answering = (status: number, body: unknown) => jest.fn(async () => ({ ok: status === 200, json: async () => body }) as Response);

describe('loadChromeData', () => {
  it('reads embedded chrome data', async () => {
    const fetchImpl = answering(200, {});
    await expect(loadChromeData(page('{"nav":[{"link":{"label":"Bags","href":"/categories/bags"}}]}'), fetchImpl)).resolves.toEqual({ nav: [{ link: { label: 'Bags', href: '/categories/bags' } }] });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches chrome data the page names by URL', async () => {
    const fetchImpl = answering(200, { nav: [] });
    await expect(loadChromeData(page('{"src":"/_chrome.json"}'), fetchImpl)).resolves.toEqual({ nav: [] });
    expect(fetchImpl).toHaveBeenCalledWith('/_chrome.json', { credentials: 'same-origin' });
  });

  it('gives {} when there is none, it is not JSON, the URL is not the site\'s own or the answer fails', async () => {
    await expect(loadChromeData(page(null), answering(200, {}))).resolves.toEqual({});
    await expect(loadChromeData(page('{nav'), answering(200, {}))).resolves.toEqual({});
    const fetchImpl = answering(200, { nav: [] });
    await expect(loadChromeData(page('{"src":"https://elsewhere.example/chrome.json"}'), fetchImpl)).resolves.toEqual({});
    await expect(loadChromeData(page('{"src":"//elsewhere.example/chrome.json"}'), fetchImpl)).resolves.toEqual({});
    expect(fetchImpl).not.toHaveBeenCalled();
    await expect(loadChromeData(page('{"src":"/_chrome.json"}'), answering(503, { error: 'ChromeDataFailed' }))).resolves.toEqual({});
    await expect(loadChromeData(page('{"src":"/_chrome.json"}'), jest.fn(async () => Promise.reject(new Error('offline'))))).resolves.toEqual({});
  });
});
