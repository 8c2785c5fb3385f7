/** @jsxImportSource react */
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import * as z from 'zod/mini';
import { bus as pageBus } from '@store/shared-events';
import { createBus, defineTopic, type Bus } from './bus';
import { usePublish, useTopic } from './react';
import { topics } from './topics';

function Badge({ bus }: { bus?: Bus }) {
  const cart = useTopic(topics.cartQuantity, bus);
  if (!cart) return <span>no cart</span>;
  return <span>{cart.status === 'SUCCESS' ? `cart ${cart.quantity + cart.promoQuantity}` : cart.status}</span>;
}

describe('useTopic', () => {
  it('renders undefined until published, then re-renders on every change', () => {
    const bus = createBus({ warn: () => {} });
    let commits = 0;
    render(
      <Profiler id="badge" onRender={() => (commits += 1)}>
        <Badge bus={bus} />
      </Profiler>,
    );
    expect(screen.getByText('no cart')).toBeInTheDocument();

    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 2, promoQuantity: 1, status: 'SUCCESS' });
    });
    expect(screen.getByText('cart 3')).toBeInTheDocument();

    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 2, promoQuantity: 1, status: 'LOADING' });
    });
    expect(screen.getByText('LOADING')).toBeInTheDocument();
    expect(commits).toBe(3);
  });

  it('shows the latest state at first render (late subscriber)', () => {
    const bus = createBus({ warn: () => {} });
    bus.publish(topics.cartQuantity, { quantity: 7, promoQuantity: 0, status: 'SUCCESS' });
    render(<Badge bus={bus} />);
    expect(screen.getByText('cart 7')).toBeInTheDocument();
  });

  it('ignores invalid payloads', () => {
    const bus = createBus({ warn: () => {} });
    bus.publish(topics.cartQuantity, { quantity: 1, promoQuantity: 0, status: 'SUCCESS' });
    render(<Badge bus={bus} />);
    act(() => {
      bus.publish(topics.cartQuantity, { quantity: -5 } as never);
    });
    expect(screen.getByText('cart 1')).toBeInTheDocument();
  });

  it('unsubscribes on unmount', () => {
    const bus = createBus({ warn: () => {} });
    const unsubscribes: jest.Mock[] = [];
    const spied: Bus = {
      ...bus,
      subscribe: (topic, handler) => {
        const unsubscribe = jest.fn(bus.subscribe(topic, handler));
        unsubscribes.push(unsubscribe);
        return unsubscribe;
      },
    };
    const { unmount } = render(<Badge bus={spied} />);
    expect(unsubscribes.length).toBeGreaterThan(0);
    unmount();
    expect(unsubscribes.every((u) => u.mock.calls.length === 1)).toBe(true);
  });

  it('uses the page bus by default', () => {
    const level = defineTopic({ name: 'test.react.level', version: 1, kind: 'state', schema: z.object({ n: z.int() }) });
    function Level() {
      const value = useTopic(level);
      return <span>level {value?.n ?? '-'}</span>;
    }
    render(<Level />);
    expect(screen.getByText('level -')).toBeInTheDocument();
    act(() => {
      pageBus.publish(level, { n: 4 });
    });
    expect(screen.getByText('level 4')).toBeInTheDocument();
  });
});

describe('usePublish', () => {
  it('publishes (validated) from a component', () => {
    const bus = createBus({ warn: () => {} });
    const opened: unknown[] = [];
    bus.subscribe(topics.cartOverlayOpen, (p) => opened.push(p));
    const results: boolean[] = [];
    function Button() {
      const publish = usePublish(bus);
      return (
        <button
          onClick={() => {
            results.push(publish(topics.cartOverlayOpen, { source: 'badge' }, { source: 'shell' }));
            results.push(publish(topics.cartOverlayOpen, { source: 42 } as never));
          }}
        >
          open
        </button>
      );
    }
    render(<Button />);
    act(() => screen.getByText('open').click());
    expect(opened).toEqual([{ source: 'badge' }]);
    expect(results).toEqual([true, false]);
  });

  it('returns a stable function across renders', () => {
    const bus = createBus({ warn: () => {} });
    const seen = new Set<unknown>();
    function Probe({ n }: { n: number }) {
      seen.add(usePublish(bus));
      return <span>{n}</span>;
    }
    const { rerender } = render(<Probe n={1} />);
    rerender(<Probe n={2} />);
    expect(seen.size).toBe(1);
  });
});
