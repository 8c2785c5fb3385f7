import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { RegionSelector } from './RegionSelector';

/** The overlay stays in the DOM for its 200 ms leave transition. */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

const renderSelector = () =>
  render(
    <MemoryRouter>
      <RegionSelector />
    </MemoryRouter>,
  );

describe('RegionSelector', () => {
  it('shows the New Zealand flag button and opens an accessible dialog listing every region', async () => {
    const user = userEvent.setup();
    renderSelector();
    const trigger = screen.getByRole('button', { name: 'NZD: Change region (current: New Zealand)' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger.querySelector('svg')).not.toBeNull();
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Choose your region' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    const northAmerica = within(dialog).getByRole('region', { name: 'North America' });
    expect(within(northAmerica).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'United StatesUSD (opens in a new tab)',
      'Canada — EnglishCAD (opens in a new tab)',
      'Canada — FrenchCAD (opens in a new tab)',
    ]);
    const rest = within(dialog).getByRole('region', { name: 'Rest of world' });
    expect(within(rest).getAllByRole('link')).toHaveLength(4);

    const australia = within(dialog).getByRole('link', { name: /^Australia AUD/ });
    expect(australia).toHaveAttribute('href', 'https://www.fernleaf.com.au');
    expect(australia).toHaveAttribute('target', '_blank');
    expect(australia.getAttribute('rel')).toContain('noopener');
    expect(australia).not.toHaveAttribute('aria-current');
    const nz = within(dialog).getByRole('link', { name: /^New Zealand NZD/ });
    expect(nz).toHaveAttribute('aria-current', 'true');
    const all = within(dialog).getByRole('link', { name: /View all regions/ });
    expect(all).toHaveAttribute('target', '_blank');
    expect(all.getAttribute('rel')).toContain('noopener');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('closes on Escape and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderSelector();
    const trigger = screen.getByRole('button', { name: /Change region/ });
    await user.click(trigger);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await closed();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a backdrop click (not on a click inside) and on the close button', async () => {
    const user = userEvent.setup();
    renderSelector();
    const trigger = screen.getByRole('button', { name: /Change region/ });
    await user.click(trigger);
    await user.click(screen.getByRole('heading', { name: 'Choose your region' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(document.querySelector<HTMLElement>('[data-overlay-backdrop]')!);
    await closed();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await closed();
    expect(trigger).toHaveFocus();
  });

  it('traps focus inside the dialog', async () => {
    const user = userEvent.setup();
    renderSelector();
    await user.click(screen.getByRole('button', { name: /Change region/ }));
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('link', { name: /View all regions/ });
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
