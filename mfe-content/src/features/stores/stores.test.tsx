import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Locality, StoreNear, StoresResponse } from '@store/contracts';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { ContentRoutes } from '../../app/App';
import { mockFetch } from '../../test/fetchMock';
import { AddressCombobox } from './AddressCombobox';
import { fitView, NZ_VIEW, project } from './nzOutline';

const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '09:00', close: '17:30' }));
const store = (n: number, name: string, km: number, lat: number, lng: number): StoreNear => ({
  id: String(n),
  erpStoreId: `S-${n}`,
  name,
  path: name.toLowerCase().replace(/\s+/g, '-'),
  address: { street1: `${n} Queen Street`, street2: null, locality: 'Auckland Central', region: 'Auckland', postcode: '1010', country: 'NZ' },
  lat,
  lng,
  phone: '09 379 4410',
  email: 'x@fernleaf.co.nz',
  openingHours: hours,
  timeZone: 'Pacific/Auckland',
  clickAndCollect: n !== 2,
  description: 'A store.',
  distanceKm: km,
  stock: null,
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('map projection', () => {
  it('places Auckland north of Wellington and Christchurch west of Wellington', () => {
    const [akX, akY] = project([-36.85, 174.76]);
    const [wgX, wgY] = project([-41.29, 174.78]);
    const [chX] = project([-43.53, 172.64]);
    expect(akY).toBeLessThan(wgY);
    expect(chX).toBeLessThan(wgX);
    expect(Math.abs(akX - wgX)).toBeLessThan(5);
    // about 1 unit per km: Auckland-Wellington is ~490 km
    expect(wgY - akY).toBeGreaterThan(470);
    expect(wgY - akY).toBeLessThan(510);
  });

  it('fits the view to the pins, or shows the whole country', () => {
    expect(fitView([])).toEqual(NZ_VIEW);
    const view = fitView([[-36.85, 174.76], [-36.87, 174.78]], 60);
    expect(view.width).toBeLessThan(NZ_VIEW.width / 5);
    const [x, y] = project([-36.86, 174.77]);
    expect(x).toBeGreaterThan(view.x);
    expect(x).toBeLessThan(view.x + view.width);
    expect(y).toBeGreaterThan(view.y);
    expect(y).toBeLessThan(view.y + view.height);
  });
});

describe('address combobox', () => {
  const mountEden: Locality = { name: 'Mount Eden', city: 'Auckland', region: 'Auckland', postcode: '1024', lat: -36.879, lng: 174.757, label: 'Mount Eden, Auckland 1024' };

  function Harness({ onSelect }: { onSelect(l: Locality): void }) {
    const [value, setValue] = useState('');
    return <AddressCombobox label="Suburb or postcode" value={value} onChange={setValue} onSelect={onSelect} debounceMs={0} />;
  }

  it('shows its spinner only when suggestions take longer than 1000 ms, then lists them', async () => {
    jest.useFakeTimers();
    let release: () => void = () => undefined;
    mockFetch([['/api/stores/localities', () => new Promise((resolve) => (release = () => resolve({ body: { items: [mountEden] } })))]]);
    const onSelect = jest.fn();
    render(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Suburb or postcode' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'mount' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(screen.queryByTestId('address-spinner')).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByTestId('address-spinner')).toHaveTextContent('Looking up suburbs');
    await act(async () => {
      release();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByTestId('address-spinner')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'Mount Eden, Auckland 1024' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(mountEden);
  });

  it('does not show the spinner for a quick answer', async () => {
    jest.useFakeTimers();
    mockFetch([['/api/stores/localities', { body: { items: [mountEden] } }]]);
    render(<Harness onSelect={jest.fn()} />);
    act(() => screen.getByRole('combobox').focus());
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '1024' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByTestId('address-spinner')).toBeNull();
    expect(screen.getByRole('option', { name: 'Mount Eden, Auckland 1024' })).toBeInTheDocument();
  });

  it('closes its list on Escape, on Enter (the search is submitted) and when focus leaves, and a later answer does not open it again', async () => {
    jest.useFakeTimers();
    let release: () => void = () => undefined;
    let slow = false;
    mockFetch([['/api/stores/localities', () => (slow ? new Promise((resolve) => (release = () => resolve({ body: { items: [mountEden] } }))) : Promise.resolve({ body: { items: [mountEden] } }))]]);
    const submitted = jest.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <Harness onSelect={jest.fn()} />
        <button type="submit">Search</button>
      </form>,
    );
    const input = screen.getByRole<HTMLInputElement>('combobox');
    const typeAndWait = async (value: string) => {
      act(() => input.focus());
      fireEvent.change(input, { target: { value } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
    };
    await typeAndWait('mount');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();

    await typeAndWait('mount e');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    act(() => input.blur()); // a click outside
    expect(input).toHaveAttribute('aria-expanded', 'false');
    act(() => input.focus()); // back in the field: nothing new typed, no list over the results
    expect(input).toHaveAttribute('aria-expanded', 'false');

    // Enter before the suggestions came back: the search goes ahead and the late answer stays closed
    slow = true;
    await typeAndWait('mount ed');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(input.form!);
    expect(submitted).toHaveBeenCalled();
    await act(async () => {
      release();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('store locator', () => {
  function renderAt(url: string) {
    return render(
      <MemoryRouter initialEntries={[url]}>
        <ContentRoutes />
      </MemoryRouter>,
    );
  }

  it('searches by postcode from the URL and lists the stores nearest first, with hours and click and collect', async () => {
    const body: StoresResponse = {
      origin: { lat: -36.879, lng: 174.757, label: 'Mount Eden, Auckland 1024' },
      radiusKm: 200,
      stores: [store(1, 'Fernleaf Newmarket', 2.1, -36.87, 174.777), store(2, 'Fernleaf Takapuna', 10, -36.789, 174.772)],
    };
    const fetchMock = mockFetch([['/api/stores?', { body }]]);
    renderAt('/stores?q=1024');
    expect(await screen.findByText('2 stores within 200 km of Mount Eden, Auckland 1024, nearest first')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/stores?q=1024&radiusKm=200', expect.anything());
    const results = screen.getAllByTestId('store-result');
    expect(within(results[0]!).getByRole('link', { name: 'Fernleaf Newmarket' })).toHaveAttribute('href', '/stores/fernleaf-newmarket');
    expect(results[0]).toHaveTextContent('2.1 km');
    expect(results[1]).toHaveTextContent('10 km');
    expect(results[1]).toHaveTextContent('No click and collect');
    expect(screen.getByRole('combobox')).toHaveValue('1024');
    // the map (its own chunk) shows a numbered pin per store
    const map = await screen.findByRole('group', { name: 'Map of the stores near Mount Eden, Auckland 1024' });
    // drawn farthest first so the nearest pin is on top
    expect(within(map).getAllByTestId('map-pin').map((a) => a.getAttribute('aria-label'))).toEqual(['2. Fernleaf Takapuna', '1. Fernleaf Newmarket']);
    expect(document.title).toBe('Find a store | Fernleaf');
  });

  it('shows the stores loading failure message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch([['/api/stores', { status: 500, body: {} }]]);
    renderAt('/stores');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our stores just now");
  });

  it('says when a place is unknown', async () => {
    mockFetch([['/api/stores?', { status: 404, body: { error: 'LocationNotFound', message: 'We couldn\'t find the suburb or postcode "Gondor" in New Zealand.' } }]]);
    renderAt('/stores?q=Gondor');
    expect(await screen.findByRole('alert')).toHaveTextContent('Gondor');
  });
});
