import { act, render, screen } from '@testing-library/react';
import type { StoreDayHours } from '@store/contracts';
import { OpeningHours, OpenState, useNow } from './storeParts';

// Monday to Friday 9:00-17:30, Saturday 10:00-16:00, Sunday closed (Pacific/Auckland wall clock).
const hours: StoreDayHours[] = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:30' })),
  { day: 6, open: '10:00', close: '16:00' },
  { day: 7, open: null, close: null },
];

/** As on the store page: the clock from useNow (re-read every minute); the store's zone when given. */
function Hours({ timeZone }: { timeZone?: string }) {
  const now = useNow();
  return (
    <>
      <p data-testid="open-state">
        <OpenState hours={hours} now={now} timeZone={timeZone} />
      </p>
      <OpeningHours hours={hours} now={now} timeZone={timeZone} />
    </>
  );
}

afterEach(() => jest.useRealTimers());

/** Renders the hours and lets the clock's first tick run (it starts just after the first render). */
function renderHours(timeZone?: string) {
  const view = render(<Hours timeZone={timeZone} />);
  act(() => {
    jest.advanceTimersByTime(0);
  });
  return view;
}

describe('opening hours in Pacific/Auckland time', () => {
  // Tuesday 24 November 2026 20:30 UTC is Wednesday 25 November 09:30 in Auckland (NZDT, UTC+13).
  const instant = new Date('2026-11-24T20:30:00.000Z');

  it('marks today and says open or closed by the New Zealand clock, not UTC or the machine zone', () => {
    // the premise: the weekday differs between UTC and New Zealand at this instant
    expect(instant.getUTCDay()).toBe(2); // Tuesday in UTC, where jest runs unless TZ is set
    jest.useFakeTimers({ now: instant });
    renderHours();

    const today = screen.getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'date');
    expect(today).toHaveLength(1);
    expect(today[0]).toHaveTextContent('Wednesday (today)');
    expect(screen.getByRole('rowheader', { name: 'Tuesday' })).toBeInTheDocument();
    // 09:30 on a Wednesday in Auckland: open (in UTC it would be Tuesday 20:30, closed)
    expect(screen.getByTestId('open-state')).toHaveTextContent('Open now until 5:30 pm');

    // eight hours later it is 17:30 in Auckland (still Wednesday; 04:30 Wednesday in UTC): closed
    act(() => {
      jest.advanceTimersByTime(8 * 60 * 60 * 1000);
    });
    expect(screen.getByTestId('open-state')).toHaveTextContent('Closed, opens 9:00 am tomorrow');
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('Wednesday (today)');
  });

  it('on a Saturday evening in New Zealand (Saturday morning UTC) the next opening is Monday', () => {
    // Saturday 28 November 2026 17:00 NZDT = 04:00 UTC the same Saturday; Sunday is closed
    jest.useFakeTimers({ now: new Date('2026-11-28T04:00:00.000Z') });
    renderHours();
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('Saturday (today)');
    expect(screen.getByTestId('open-state')).toHaveTextContent('Closed, opens 9:00 am Monday');
  });

  it('just after midnight in New Zealand (still the day before in UTC) today is the New Zealand day', () => {
    // Sunday 29 November 2026 11:30 UTC = Monday 30 November 00:30 NZDT
    jest.useFakeTimers({ now: new Date('2026-11-29T11:30:00.000Z') });
    renderHours();
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('Monday (today)');
    expect(screen.getByTestId('open-state')).toHaveTextContent('Closed, opens 9:00 am today');
  });

  it('the first render (the server\'s, and the one hydrating it) reads no clock: open or closed and today fill in just after', () => {
    jest.useFakeTimers({ now: instant });
    render(<Hours />);
    expect(screen.getByTestId('open-state').textContent).toBe('\u00a0');
    expect(screen.queryByRole('row', { current: 'date' })).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(7);
    act(() => {
      jest.advanceTimersByTime(0);
    });
    expect(screen.getByTestId('open-state')).toHaveTextContent('Open now until 5:30 pm');
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('Wednesday (today)');
  });
});

describe("opening hours by the store's own clock (Australian stores)", () => {
  // Tuesday 24 November 2026 20:30 UTC: Wednesday 09:30 in Auckland, Wednesday 07:30 in Sydney
  // (AEDT, UTC+11), Wednesday 04:30 in Perth (AWST, UTC+8)
  const instant = new Date('2026-11-24T20:30:00.000Z');

  it('a Perth store is closed at 4:30 am Perth time while Auckland stores are open, and its table says Perth time', () => {
    jest.useFakeTimers({ now: instant });
    renderHours('Australia/Perth');
    expect(screen.getByRole('table')).toHaveAccessibleName('Opening hours (Perth time)');
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('Wednesday (today)');
    expect(screen.getByTestId('open-state')).toHaveTextContent('Closed, opens 9:00 am today');
    // 09:00 in Perth is 01:00 UTC: open then, until 5:30 pm Perth time
    act(() => {
      jest.advanceTimersByTime(4.5 * 60 * 60 * 1000);
    });
    expect(screen.getByTestId('open-state')).toHaveTextContent('Open now until 5:30 pm');
  });

  it('a Sydney store keeps Sydney time: its day turns at midnight in Sydney, not in Auckland', () => {
    // 13:30 UTC on Wednesday: Thursday 02:30 in Auckland, Thursday 00:30 in Sydney
    jest.useFakeTimers({ now: new Date('2026-11-25T13:30:00.000Z') });
    renderHours('Australia/Sydney');
    expect(screen.getByRole('table')).toHaveAccessibleName('Opening hours (Sydney time)');
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('Thursday (today)');
    expect(screen.getByTestId('open-state')).toHaveTextContent('Closed, opens 9:00 am today');
  });

  it('NZ stores say New Zealand time, as before', () => {
    jest.useFakeTimers({ now: instant });
    renderHours();
    expect(screen.getByRole('table')).toHaveAccessibleName('Opening hours (New Zealand time)');
  });
});
