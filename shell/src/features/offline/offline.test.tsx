import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSTALL_DISMISSED_KEY, INSTALL_HOST_ID, InstallPrompt } from './InstallPrompt';
import { registerServiceWorker } from './offline';

function fakeNavigator(controller: object | null) {
  const listeners: (() => void)[] = [];
  const container = {
    controller,
    register: jest.fn(async () => ({})),
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  return { nav: { serviceWorker: container } as unknown as Navigator, fire: () => listeners.forEach((l) => l()), container };
}

describe('offline helper registration', () => {
  it('registers /sw.js and reloads when an updated worker takes control', () => {
    const { nav, fire, container } = fakeNavigator({});
    const reload = jest.fn();
    registerServiceWorker(nav, reload);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    fire();
    expect(reload).toHaveBeenCalledTimes(1);
    fire();
    expect(reload).toHaveBeenCalledTimes(1);
  });
  it('does not reload when the first worker takes control', () => {
    const { nav, fire } = fakeNavigator(null);
    const reload = jest.fn();
    registerServiceWorker(nav, reload);
    fire();
    expect(reload).not.toHaveBeenCalled();
    fire();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('InstallPrompt', () => {
  afterEach(() => localStorage.clear());
  const offer = () => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: jest.fn(async () => undefined), userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
    act(() => {
      window.dispatchEvent(event);
    });
    return event;
  };

  it('offers installation when the browser allows it, once the shopper has interacted; "Not now" hides it for good', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<InstallPrompt />);
    expect(screen.queryByRole('complementary')).toBeNull();
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    // nothing until the first interaction (it would be the page's largest paint, seconds late)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('complementary')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await Promise.resolve();
    });
    expect(await screen.findByRole('complementary', { name: 'Install the app' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    unmount();
    render(<InstallPrompt />);
    offer();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('Install shows the browser prompt', async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    const event = offer();
    await user.click(await screen.findByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalled();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('sits in the page flow before the footer (covering nothing, in Tab order after the page), never during checkout', async () => {
    const main = document.createElement('main');
    main.innerHTML = '<label>Suburb <input name="suburb" /></label>';
    const footer = document.createElement('footer');
    footer.id = 'shell-footer';
    document.body.append(main, footer);
    try {
      window.history.pushState(null, '', '/checkout/shipping');
      const { unmount } = render(<InstallPrompt />);
      offer();
      // the shopper interacts (the prompt waits for that), still never during checkout
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await Promise.resolve();
      });
      expect(screen.queryByRole('complementary', { name: 'Install the app' })).toBeNull();
      act(() => {
        window.history.pushState(null, '', '/categories/bags');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const prompt = await screen.findByRole('complementary', { name: 'Install the app' });
      expect(prompt.parentElement).toHaveAttribute('id', INSTALL_HOST_ID);
      expect(prompt.parentElement!.nextElementSibling).toBe(footer);
      expect(main.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(getComputedStyle(prompt).position).not.toBe('fixed');
      unmount();
      expect(document.getElementById(INSTALL_HOST_ID)).toBeNull();
    } finally {
      main.remove();
      footer.remove();
      window.history.pushState(null, '', '/');
    }
  });
});
