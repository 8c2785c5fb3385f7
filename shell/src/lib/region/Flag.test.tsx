import { render } from '@testing-library/react';
import { Flag } from './Flag';

describe('Flag (region selector button)', () => {
  it('draws New Zealand with its four red stars', () => {
    const { container } = render(<Flag country="NZ" />);
    expect(container.querySelectorAll('polygon[fill="#C8102E"]')).toHaveLength(4);
    expect(container.querySelectorAll('polygon[fill="#fff"]')).toHaveLength(0);
  });
  it('draws Australia with the Commonwealth star and the five Southern Cross stars', () => {
    const { container } = render(<Flag country="AU" />);
    expect(container.querySelectorAll('polygon[fill="#fff"]')).toHaveLength(6);
    expect(container.querySelectorAll('polygon[fill="#C8102E"]')).toHaveLength(0);
  });
  it('draws a generic globe for any other country', () => {
    for (const country of ['US', 'GB', '']) {
      const { container, unmount } = render(<Flag country={country} />);
      expect(container.querySelectorAll('polygon')).toHaveLength(0);
      expect(container.querySelector('circle')).not.toBeNull();
      unmount();
    }
  });
});
