import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { HomeContent } from '@store/contracts';
import { MemoryRouter } from 'react-router';
import { mockFetch } from '../../test/fetchMock';
import { HomePage } from './HomePage';

const tile = {
  id: 'p1',
  path: 'tasman-zip-tote-p1',
  name: 'Tasman Recycled Nylon Zip Tote',
  brand: 'Pinecrest & Vine',
  price: 20000,
  erpOriginalPrice: 20000,
  isDiscounted: false,
  isNew: true,
  state: 'current',
  availableFrom: null,
  soldOut: false,
  overlays: [],
  image: { src: 'images/products/p1/tote-1.jpg', alt: 'Tasman tote in sand', width: 1200, height: 1500 },
  colourName: 'Sand',
  colourHex: '#d8c8a8',
};

const image = (name: string) => ({ src: `images/content/${name}.jpg`, width: 1800, height: 1200, alt: name });

function home(slider: Partial<HomeContent['slider']> = {}): HomeContent {
  return {
    title: 'Fernleaf | Bags, travel and accessories',
    description: 'Bags for Aotearoa.',
    slider: {
      autoplay: true,
      intervalMs: 5000,
      pauseOnHover: true,
      slides: [
        { id: 'a', eyebrow: 'Spring', heading: 'Made for the long way round', text: 'Slide one.', cta: { label: 'Shop new arrivals', href: '/categories/new-arrivals' }, image: image('slide-spring') },
        { id: 'b', eyebrow: 'Travel', heading: 'Pack once, go anywhere', text: 'Slide two.', cta: { label: 'Shop luggage', href: '/categories/travel/luggage' }, image: image('slide-travel') },
        { id: 'c', eyebrow: 'Leather', heading: 'Small things, beautifully made', text: 'Slide three.', cta: { label: 'Shop accessories', href: '/categories/accessories' }, image: image('slide-leather') },
      ],
      ...slider,
    },
    featuredCategories: [{ label: 'Backpacks', href: '/categories/bags/backpacks', blurb: 'Commute-ready', image: image('x') }],
    rails: [{ id: 'new-arrivals', heading: 'New arrivals', href: '/categories/new-arrivals', category: 'new-arrivals', sort: 'newest', limit: 8 }],
    journal: [],
  };
}

function setup(content: HomeContent = home()) {
  const fetchMock = mockFetch([
    ['/api/content/home', { body: content }],
    ['/api/catalog/listing', { body: { items: [tile], total: 1 } }],
  ]);
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
  return fetchMock;
}

/** The slide shown (the others are aria-hidden). */
const current = () => screen.getAllByRole('group', { hidden: false }).find((el) => el.getAttribute('aria-roledescription') === 'slide')!;
const carousel = () => screen.getByRole('region', { name: 'Highlights' });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Object.defineProperty(document, 'hidden', { configurable: true, value: false });
});

describe('HomePage', () => {
  it('shows the slider, the featured categories and the products of each rail from the catalogue', async () => {
    const fetchMock = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Backpacks/ })).toHaveAttribute('href', '/categories/bags/backpacks');
    expect(await screen.findByText('Tasman Recycled Nylon Zip Tote')).toBeInTheDocument();
    expect(screen.getByText('$200.00')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/catalog/listing?category=new-arrivals&sort=newest', expect.anything());
    expect(document.title).toBe('Fernleaf | Bags, travel and accessories');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Bags for Aotearoa.');
  });

  it('draws product and content images with the shared responsive image (@store/ui/image)', async () => {
    setup();
    const product = await screen.findByRole('img', { name: 'Tasman tote in sand' });
    expect(product).toHaveAttribute('data-image-state', 'loading');
    expect(product).toHaveAttribute('loading', 'lazy');
    expect(product.getAttribute('srcset')).toBe(
      ['100', '300', '600'].map((w) => `/cdn-cgi/image/fit=scale-down,format=auto,width=${w}/images/products/p1/tote-1.jpg ${w}w`).join(', '),
    );
    expect(getComputedStyle(product).aspectRatio).toBe('0.8');
    const slide = screen.getByRole('img', { name: 'slide-spring' });
    expect(slide).toHaveAttribute('data-image-state');
    expect(slide).toHaveAttribute('fetchpriority', 'high');
    expect(slide.getAttribute('srcset')).toContain('width=1800/images/content/slide-spring.jpg 1800w');
    // the caller's fill styles win over the component's own layout
    expect(getComputedStyle(slide).height).toBe('100%');
    // in the browser the hidden slides have their pictures too (lazy), ready for the slider to move
    const hidden = document.querySelector('img[alt="slide-travel"]');
    expect(hidden).toHaveAttribute('loading', 'lazy');
  });

  it('says so when the home page cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch([['/api/content/home', { status: 500, body: {} }]]);
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this part of the page");
  });
});

describe('slider autoplay', () => {
  async function ready(content?: HomeContent) {
    jest.useFakeTimers();
    setup(content);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(within(current()).getByRole('heading')).toHaveTextContent('Made for the long way round');
  }
  const advance = (ms: number) =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });
  const heading = () => within(current()).getByRole('heading').textContent;

  it('advances every interval and wraps around', async () => {
    await ready();
    await advance(4999);
    expect(heading()).toBe('Made for the long way round');
    await advance(1);
    expect(heading()).toBe('Pack once, go anywhere');
    await advance(5000);
    expect(heading()).toBe('Small things, beautifully made');
    await advance(5000);
    expect(heading()).toBe('Made for the long way round');
  });

  it('pauses while hovered when configured, and resumes on leave', async () => {
    await ready();
    fireEvent.mouseEnter(carousel());
    await advance(20_000);
    expect(heading()).toBe('Made for the long way round');
    fireEvent.mouseLeave(carousel());
    await advance(5000);
    expect(heading()).toBe('Pack once, go anywhere');
  });

  it('keeps playing on hover when pause-on-hover is off', async () => {
    await ready(home({ pauseOnHover: false }));
    fireEvent.mouseEnter(carousel());
    await advance(5000);
    expect(heading()).toBe('Pack once, go anywhere');
  });

  it('pauses while the tab is hidden', async () => {
    await ready();
    Object.defineProperty(document, 'hidden', { configurable: true, value: true });
    fireEvent(document, new Event('visibilitychange'));
    await advance(20_000);
    expect(heading()).toBe('Made for the long way round');
    Object.defineProperty(document, 'hidden', { configurable: true, value: false });
    fireEvent(document, new Event('visibilitychange'));
    await advance(5000);
    expect(heading()).toBe('Pack once, go anywhere');
  });

  it('pauses on touch and resumes 200 ms after the touch ends', async () => {
    await ready();
    await advance(3000);
    fireEvent.touchStart(carousel());
    await advance(10_000);
    expect(heading()).toBe('Made for the long way round');
    fireEvent.touchEnd(carousel());
    await advance(199);
    expect(carousel()).toHaveAttribute('data-playing', 'false');
    await advance(1);
    expect(carousel()).toHaveAttribute('data-playing', 'true');
    await advance(5000);
    expect(heading()).toBe('Pack once, go anywhere');
  });

  it('has a pause button and previous/next controls', async () => {
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    await advance(20_000);
    expect(heading()).toBe('Made for the long way round');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(heading()).toBe('Pack once, go anywhere');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(heading()).toBe('Small things, beautifully made');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    await advance(5000);
    expect(heading()).toBe('Made for the long way round');
  });
});
