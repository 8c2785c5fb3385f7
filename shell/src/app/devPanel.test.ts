import { screen, within } from '@testing-library/dom';
import { sharedInUse, toggleDevPanel, type DevPanelData } from './devPanel';

const data: DevPanelData = {
  shellVersion: 'a1b2c3',
  remotes: [
    { name: 'catalog', version: 'local-dev', manifest: 'http://localhost:3001/mf-manifest.json', status: 'MOUNTED', override: true, service: false },
    { name: 'cart_checkout', version: '9f8e7d', manifest: '/cdn/cart_checkout/9f8e7d/mf-manifest.json', status: 'NOT_LOADED', override: false, service: true },
  ],
  shared: sharedInUse({
    default: {
      react: { '19.3.1': { from: 'shell', loaded: true, useIn: ['shell', 'catalog', 'catalog'] } },
      'react-router': { '7.18.5': { from: 'shell', loaded: true, useIn: [] }, '7.18.4': { from: 'catalog', loaded: false } },
    },
  }),
};

describe('developer panel', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists remotes with versions and overrides, and the shared modules in use', () => {
    toggleDevPanel(() => data);
    const panel = screen.getByRole('dialog', { name: 'Store developer panel' });
    expect(within(panel).getByRole('heading').textContent).toBe('Store developer panel (shell a1b2c3)');
    const remotes = within(panel).getByRole('table', { name: 'Remotes' });
    const rows = within(remotes).getAllByRole('row').map((r) => r.textContent);
    expect(rows[1]).toContain('catalog');
    expect(rows[1]).toContain('OVERRIDE');
    expect(rows[1]).toContain('http://localhost:3001/mf-manifest.json');
    expect(rows[2]).toContain('cart_checkout (service)');
    expect(rows[2]).toContain('registry');
    const shared = within(panel).getByRole('table', { name: 'Shared modules' });
    const sharedRows = within(shared).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(sharedRows).toEqual([
      ['react', '19.3.1', 'shell', 'yes', 'catalog, shell'],
      ['react-router', '7.18.4', 'catalog', 'no', '-'],
      ['react-router', '7.18.5', 'shell', 'yes', '-'],
    ]);
  });

  it('toggles closed, also with Escape, and gives focus back', () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    toggleDevPanel(() => data);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    screen.getByRole('dialog').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    toggleDevPanel(() => data);
    toggleDevPanel(() => data);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
