import { act, render, screen } from '@testing-library/react';
import { bus, topics } from '@store/shared-events';
import { ALERT_DEFAULT_DURATION_MS, ALERT_INSERT_DELAY_MS, Alerts, ALERTS_MAX, choosePlacement } from './Alerts';

describe('Alerts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('inserts an alert after 300 ms, SUCCESS by default, and removes it after 5 s', () => {
    expect([ALERTS_MAX, ALERT_DEFAULT_DURATION_MS, ALERT_INSERT_DELAY_MS]).toEqual([4, 5000, 300]);
    render(<Alerts />);
    act(() => {
      bus.publish(topics.alertShow, { content: 'Added to your wishlist' });
    });
    act(() => jest.advanceTimersByTime(ALERT_INSERT_DELAY_MS - 10));
    expect(screen.queryByText('Added to your wishlist')).toBeNull();
    act(() => jest.advanceTimersByTime(10));
    expect(screen.getByRole('status')).toHaveTextContent('Added to your wishlist');
    act(() => jest.advanceTimersByTime(ALERT_DEFAULT_DURATION_MS - 1));
    expect(screen.getByText('Added to your wishlist')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Added to your wishlist')).toBeNull();
  });

  it('shows at most 4 (the newest), ERROR alerts as role=alert, with their own duration', () => {
    render(<Alerts />);
    act(() => {
      for (let i = 1; i <= 5; i += 1) bus.publish(topics.alertShow, { content: `Alert ${i}`, duration: 10_000 });
      bus.publish(topics.alertShow, { content: 'Payment declined', type: 'ERROR', duration: 1000 });
    });
    act(() => jest.advanceTimersByTime(ALERT_INSERT_DELAY_MS));
    expect(screen.getAllByText(/Alert \d|Payment declined/).map((el) => el.textContent)).toEqual(['Alert 3', 'Alert 4', 'Alert 5', 'Payment declined']);
    expect(screen.getByRole('alert')).toHaveTextContent('Payment declined');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Payment declined')).toBeNull();
  });
});

describe('Alerts placement: they cover no form control', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const box = (top: number, bottom: number, left = 0, right = 375) => ({ top, bottom, left, right });
  const size = { height: 60, left: 16, right: 359 };

  it('goes below the header unless a control is there, then to the bottom', () => {
    expect(choosePlacement([], size, 812, 64)).toBe('top');
    // the promo field and its Apply button just below the header
    expect(choosePlacement([{ box: box(90, 130), focused: true }, { box: box(90, 130, 300, 360), focused: false }], size, 812, 64)).toBe('bottom');
    // a control at the bottom only: stays on top
    expect(choosePlacement([{ box: box(760, 800), focused: false }], size, 812, 64)).toBe('top');
    // controls at both edges: never over the focused one
    expect(choosePlacement([{ box: box(90, 130), focused: false }, { box: box(760, 800), focused: true }], size, 812, 64)).toBe('top');
    expect(choosePlacement([{ box: box(90, 130), focused: true }, { box: box(760, 800), focused: false }], size, 812, 64)).toBe('bottom');
  });

  it('moves to the bottom when an alert would cover the focused promo field', () => {
    const header = document.createElement('header');
    header.id = 'shell-header';
    header.getBoundingClientRect = () => ({ top: 0, bottom: 64, left: 0, right: 375, width: 375, height: 64, x: 0, y: 0, toJSON: () => ({}) });
    document.body.appendChild(header);
    const input = document.createElement('input');
    input.getBoundingClientRect = () => ({ top: 80, bottom: 120, left: 16, right: 280, width: 264, height: 40, x: 16, y: 80, toJSON: () => ({}) });
    document.body.appendChild(input);
    input.focus();
    try {
      render(<Alerts />);
      const region = screen.getByTestId('alerts');
      region.getBoundingClientRect = () => ({ top: 72, bottom: 132, left: 16, right: 359, width: 343, height: 60, x: 16, y: 72, toJSON: () => ({}) });
      act(() => {
        bus.publish(topics.alertShow, { content: 'Offer 20% off backpacks has been removed.', type: 'ERROR' });
      });
      act(() => jest.advanceTimersByTime(ALERT_INSERT_DELAY_MS));
      expect(screen.getByRole('alert')).toHaveTextContent('Offer 20% off backpacks has been removed.');
      expect(region).toHaveAttribute('data-placement', 'bottom');
    } finally {
      input.remove();
      header.remove();
    }
  });
});
