import { act, render, screen } from '@testing-library/react';
import { bus, topics } from '@store/shared-events';
import { Chrome } from './Chrome';

/** The overlays root loads the alerts', install and change-country prompts' code only when they have something to show. */
describe('alerts and prompts loaded on demand by the chrome', () => {
  afterEach(() => {
    document.getElementById('geo-locale')?.remove();
    localStorage.clear();
  });

  const embedGeo = (country: string) => {
    const script = document.createElement('script');
    script.id = 'geo-locale';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ country, result: 'SUCCESS' });
    document.head.appendChild(script);
  };

  it('shows nothing for a visitor in the site country without an install offer', async () => {
    embedGeo('NZ');
    render(<Chrome />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('shows alerts published before their code had loaded, and the ones after', async () => {
    embedGeo('NZ');
    render(<Chrome />);
    expect(screen.queryByTestId('alerts')).toBeNull();
    act(() => {
      bus.publish(topics.alertShow, { content: 'Added to your wishlist', type: 'SUCCESS' }, { source: 'test' });
      bus.publish(topics.alertShow, { content: 'Saved your address', type: 'SUCCESS' }, { source: 'test' });
    });
    expect(await screen.findByText('Added to your wishlist')).toBeInTheDocument();
    expect(await screen.findByText('Saved your address')).toBeInTheDocument();
    act(() => {
      bus.publish(topics.alertShow, { content: 'Could not reach the cart', type: 'ERROR' }, { source: 'test' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the cart');
  });

  it("offers the visitor's own country's site", async () => {
    embedGeo('AU');
    render(<Chrome />);
    expect(await screen.findByRole('complementary', { name: 'Change country' })).toHaveTextContent("It looks like you're in Australia");
  });

  it('offers installation once the browser offers it and the shopper has interacted', async () => {
    embedGeo('NZ');
    render(<Chrome />);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: jest.fn(async () => undefined), userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await Promise.resolve();
    });
    expect(await screen.findByRole('complementary', { name: 'Install the app' })).toBeInTheDocument();
  });
});
