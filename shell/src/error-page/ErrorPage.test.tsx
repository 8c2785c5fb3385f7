import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ErrorPage } from './ErrorPage';

describe('ErrorPage', () => {
  it('renders the 404 page of spec §2', () => {
    render(
      <MemoryRouter>
        <ErrorPage status={404} />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Page Not Found | Fernleaf');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404');
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Head home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Discover new arrivals' })).toHaveAttribute('href', '/categories/new-arrivals');
    expect(screen.getByRole('link', { name: 'Follow us on Instagram' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('img')).toHaveAttribute('width', '1200');
  });

  it('renders "Something Went Wrong" for other statuses', () => {
    render(
      <MemoryRouter>
        <ErrorPage status={500} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something Went Wrong');
  });
});
