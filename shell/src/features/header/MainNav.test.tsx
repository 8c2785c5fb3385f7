import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { MainNav, NAV_DROPDOWN_FADE_MS } from './MainNav';
import type { NavItem } from './nav';

const child = (label: string, href: string) => ({ link: { label, href } });
const NAV: NavItem[] = [
  { link: { label: 'Bags', href: '/categories/bags' }, children: [{ link: { label: 'Shop by style', href: '/categories/bags' }, location: 'left', children: [child('Backpacks', '/categories/bags/backpacks'), child('Totes', '/categories/bags/totes')] }] },
  {
    link: { label: 'Travel', href: '/categories/travel' },
    children: [
      { link: { label: 'Luggage', href: '/categories/travel/luggage' }, location: 'left', children: [child('Carry-on Luggage', '/categories/travel/luggage/carry-on')] },
      { link: { label: 'Shop travel', href: '/categories/travel' }, location: 'right', image: { url: '/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/site/category-travel.jpg', alt: 'A suitcase' }, children: [] },
      { link: { label: 'Partner stories', href: '/partners' }, location: 'right', image: { url: 'https://partner.example/photo.jpg', alt: 'A partner photo' }, children: [] },
    ],
  },
  { link: { label: 'Stores', href: '/stores' }, children: [] },
];

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function setup() {
  // the links follow the shared link rules (@store/ui/link): client-side navigation through history
  window.history.replaceState(null, '', '/');
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  render(
    <BrowserRouter>
      <MainNav items={NAV} />
      <button type="button">After nav</button>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </BrowserRouter>,
  );
  const parent = (name: string) => screen.getByRole('link', { name });
  const dropdown = (name: string) => document.getElementById(parent(name).getAttribute('aria-controls')!)!;
  return { parent, dropdown, path: () => screen.getByTestId('path').textContent };
}

describe('MainNav (desktop navigation)', () => {
  it('fades dropdowns in over 100 ms', () => {
    expect(NAV_DROPDOWN_FADE_MS).toBe(100);
  });

  it('draws dropdown images from the image CDN with the shared responsive image, others as a plain image', async () => {
    const user = userEvent.setup();
    const { parent } = setup();
    // not in the page until its dropdown has been open
    expect(screen.queryByRole('img', { name: 'A suitcase', hidden: true })).toBeNull();
    await user.hover(parent('Travel'));
    const cdn = screen.getByRole('img', { name: 'A suitcase' });
    expect(cdn).toHaveAttribute('data-image-state', 'loading');
    expect(cdn).toHaveAttribute('loading', 'lazy');
    expect(cdn.getAttribute('srcset')).toBe(
      ['100', '300', '600'].map((w) => `/cdn-cgi/image/fit=scale-down,format=auto,width=${w}/images/site/category-travel.jpg ${w}w`).join(', '),
    );
    expect(cdn).toHaveAttribute('sizes', '(max-width: 1279px) 19vw, 240px');
    expect(getComputedStyle(cdn).aspectRatio).toBe('1.5');
    const other = screen.getByRole('img', { name: 'A partner photo' });
    expect(other).toHaveAttribute('src', 'https://partner.example/photo.jpg');
    expect(other).not.toHaveAttribute('data-image-state');
  });

  it('expands on mouse enter, one at a time, and collapses on mouse leave', async () => {
    const user = userEvent.setup();
    const { parent, dropdown } = setup();
    await user.hover(parent('Bags'));
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'true');
    expect(dropdown('Bags')).toBeVisible();
    await user.hover(parent('Travel'));
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'false');
    expect(parent('Travel')).toHaveAttribute('aria-expanded', 'true');
    expect(dropdown('Bags')).not.toBeVisible();
    await user.unhover(parent('Travel'));
    await user.hover(screen.getByRole('button', { name: 'After nav' }));
    expect(parent('Travel')).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on an expandable parent link does not navigate but collapses', async () => {
    const user = userEvent.setup();
    const { parent, path } = setup();
    await user.click(parent('Bags'));
    expect(path()).toBe('/');
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on a link inside collapses the dropdown and navigates', async () => {
    const user = userEvent.setup();
    const { parent, path } = setup();
    await user.hover(parent('Bags'));
    await user.click(screen.getByRole('link', { name: 'Backpacks' }));
    expect(path()).toBe('/categories/bags/backpacks');
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'false');
  });

  it('expands on Enter, collapses on Escape with focus back on the parent link, and when focus leaves', async () => {
    const user = userEvent.setup();
    const { parent, path } = setup();
    act(() => parent('Bags').focus());
    await user.keyboard('{Enter}');
    expect(path()).toBe('/');
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Shop by style' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'false');
    expect(parent('Bags')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // Shop by style
    await user.tab(); // Backpacks
    await user.tab(); // Totes
    await user.tab(); // Travel: focus left the Bags item
    expect(parent('Travel')).toHaveFocus();
    expect(parent('Bags')).toHaveAttribute('aria-expanded', 'false');
  });

  it('expands on touch (the first tap does not navigate), a second tap collapses', () => {
    const { parent, path } = setup();
    fireEvent.touchStart(parent('Travel'));
    fireEvent.mouseEnter(parent('Travel'));
    fireEvent.click(parent('Travel'));
    expect(path()).toBe('/');
    expect(parent('Travel')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.touchStart(parent('Travel'));
    fireEvent.click(parent('Travel'));
    expect(parent('Travel')).toHaveAttribute('aria-expanded', 'false');
  });

  it('refuses a script-style href coming from the API', () => {
    render(
      <BrowserRouter>
        <MainNav items={[{ link: { label: 'Sneaky', href: 'javascript:alert(1)' }, children: [] }, { link: { label: 'Data', href: '/x' }, children: [{ link: { label: 'Inline', href: 'data:text/html,hi' }, location: 'left', children: [] }] }]} />
      </BrowserRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Sneaky' })).toBeNull();
    expect(screen.getByText('Sneaky')).not.toHaveAttribute('href');
    // the dropdown's links are rendered once it opens
    fireEvent.mouseEnter(screen.getByText('Data').closest('li')!);
    expect(screen.getByText('Inline')).not.toHaveAttribute('href');
    expect(document.querySelector('a[href^="data:"], a[href^="javascript:"]')).toBeNull();
  });

  it("a dropdown's links are not in the page until it has been open, and stay once it has", () => {
    const { parent, dropdown } = setup();
    expect(dropdown('Bags')).toBeEmptyDOMElement();
    fireEvent.mouseEnter(parent('Bags').closest('li')!);
    expect(within(dropdown('Bags')).getByRole('link', { name: 'Backpacks' })).toBeVisible();
    fireEvent.mouseLeave(parent('Bags').closest('li')!);
    expect(dropdown('Bags')).not.toBeVisible();
    expect(within(dropdown('Bags')).getByRole('link', { name: 'Backpacks', hidden: true })).toHaveAttribute('href', '/categories/bags/backpacks');
  });

  it('plain items are ordinary links', async () => {
    const user = userEvent.setup();
    const { path } = setup();
    const stores = screen.getByRole('link', { name: 'Stores' });
    expect(stores).not.toHaveAttribute('aria-expanded');
    await user.click(stores);
    expect(path()).toBe('/stores');
  });
});
