import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ErrorPage, FAILED_MESSAGE, NOT_FOUND_MESSAGE } from './ErrorPage';

const w = window as unknown as { dataLayer?: Record<string, unknown>[] };

describe('ErrorPage', () => {
  beforeEach(() => {
    delete w.dataLayer;
    Object.defineProperty(navigator, 'sendBeacon', { value: jest.fn(() => true), configurable: true });
  });

  it('renders the 404 page and sends page-view and error events', () => {
    render(
      <MemoryRouter>
        <ErrorPage status={404} path="/no-such-page" />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Page Not Found | Fernleaf');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404');
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Head home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Discover new arrivals' })).toHaveAttribute('href', '/categories/new-arrivals');
    expect(screen.getByRole('link', { name: 'Contact our help centre' })).toHaveAttribute('href', '/articles/help-centre');
    const instagram = screen.getByRole('link', { name: /Follow us on Instagram/ });
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/fernleaf.nz');
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '1500');
    expect(w.dataLayer).toEqual([
      expect.objectContaining({ event: 'page_view', page_type: 'error' }),
      expect.objectContaining({ event: 'error_page', code: 404, message: 'Page not found: /no-such-page', location: '/' }),
    ]);
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
  });

  it('renders "Something Went Wrong" for other statuses and reports the failure as fatal', () => {
    render(
      <MemoryRouter>
        <ErrorPage status={500} path="/categories/bags" detail="catalog: boom" />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Something Went Wrong | Fernleaf');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something Went Wrong');
    expect(screen.getByText(FAILED_MESSAGE)).toBeInTheDocument();
    expect(w.dataLayer).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'error_page', code: 500, message: 'catalog: boom' })]));
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(1);
  });
});
