import { act, render, screen } from '@testing-library/react';
import { bus, topics } from '@store/shared-events';
import { ALERT_DEFAULT_DURATION_MS, ALERT_INSERT_DELAY_MS, Alerts, ALERTS_MAX } from './Alerts';

describe('Alerts (spec §9)', () => {
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
