import type { ListingFacets } from '@store/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Facets } from './Facets';
import { readListingUrl } from './url';

const options = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ value: `${prefix}-${i}`, label: `${prefix} ${i}`, count: 100 - i, selected: false }));

const facets: ListingFacets = {
  categories: options(12, 'cat'),
  features: options(8, 'feat'),
  colours: options(20, 'col').map((o) => ({ ...o, hex: '#000000', selected: o.value === 'col-17' })),
  price: { min: 3999, max: 89900 },
};

describe('Facets (10 categories, 10 features, 14 colours initially)', () => {
  it('shows the initial options, then all on "Show all", and reports toggles', () => {
    const onChange = jest.fn();
    render(<Facets facets={facets} state={readListingUrl(new URLSearchParams('colour=col-17'))} onChange={onChange} />);
    const colours = screen.getByRole('group', { name: 'Colours' });
    // 14 initially, plus the selected one beyond them
    expect(within(colours).getAllByRole('checkbox')).toHaveLength(15);
    expect(within(colours).getByRole('checkbox', { name: /col 17/ })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('checkbox')).toHaveLength(10);
    expect(within(screen.getByRole('group', { name: 'Features' })).getAllByRole('checkbox')).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12 categories' }));
    expect(within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('checkbox')).toHaveLength(12);
    fireEvent.click(within(colours).getByRole('checkbox', { name: /col 2 / }));
    expect(onChange).toHaveBeenCalledWith({ colours: ['col-17', 'col-2'] });
    expect(screen.getByText('$39.99 to $899.00')).toBeInTheDocument();
  });

  it('applies a price range in whole dollars', () => {
    const onChange = jest.fn();
    render(<Facets facets={facets} state={readListingUrl(new URLSearchParams())} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Min price ($)'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Max price ($)'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(onChange).toHaveBeenCalledWith({ minPrice: 80, maxPrice: 120 });
  });
});
