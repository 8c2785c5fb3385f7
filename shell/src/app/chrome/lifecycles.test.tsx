import { FOOTER_NEAR_MARGIN_PX, whenNear } from './lifecycles';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

describe('whenNear (the footer hydrates when the shopper comes near it)', () => {
  let observers: Array<{ callback: Callback; options: IntersectionObserverInit; disconnected: boolean }>;
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;

  beforeEach(() => {
    observers = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      private readonly entry: { callback: Callback; options: IntersectionObserverInit; disconnected: boolean };
      constructor(callback: Callback, options: IntersectionObserverInit) {
        this.entry = { callback, options, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    };
  });
  afterEach(() => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
  });

  it('waits until the element is within the margin of the screen, then runs once', () => {
    const element = document.createElement('footer');
    const then = jest.fn();
    whenNear(element, then);
    expect(observers[0]!.options.rootMargin).toBe(`${FOOTER_NEAR_MARGIN_PX}px 0px`);
    observers[0]!.callback([{ isIntersecting: false }]);
    expect(then).not.toHaveBeenCalled();
    observers[0]!.callback([{ isIntersecting: true }]);
    observers[0]!.callback([{ isIntersecting: true }]);
    expect(then).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('runs when focus enters the element (a keyboard user tabbing to it)', () => {
    const element = document.createElement('footer');
    const link = document.createElement('a');
    link.href = '/stores';
    element.append(link);
    document.body.append(element);
    const then = jest.fn();
    whenNear(element, then);
    link.focus();
    expect(then).toHaveBeenCalledTimes(1);
    element.remove();
  });

  it('does nothing once cancelled (the chrome unmounted first)', () => {
    const element = document.createElement('footer');
    const then = jest.fn();
    const cancel = whenNear(element, then);
    cancel();
    observers[0]!.callback([{ isIntersecting: true }]);
    element.dispatchEvent(new FocusEvent('focusin'));
    expect(then).not.toHaveBeenCalled();
  });

  it('runs at once where there is no IntersectionObserver', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    const then = jest.fn();
    whenNear(document.createElement('footer'), then);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
