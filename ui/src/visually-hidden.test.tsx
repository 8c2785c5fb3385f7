import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { VisuallyHidden, visuallyHidden } from './visually-hidden';

describe('VisuallyHidden', () => {
  it('keeps its text in the accessible name while clipping it off screen', () => {
    render(
      <a href="https://www.instagram.com/fernleaf.nz">
        Instagram<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>,
    );
    const hidden = screen.getByText('(opens in a new tab)');
    expect(screen.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toBeInTheDocument();
    expect(hidden.tagName).toBe('SPAN');
    const style = getComputedStyle(hidden);
    expect(style.position).toBe('absolute');
    expect(style.width).toBe('1px');
    expect(style.height).toBe('1px');
    expect(style.overflow).toBe('hidden');
    expect(style.whiteSpace).toBe('nowrap');
  });

  it('renders the element asked for, with its props (a label for an input)', () => {
    render(
      <>
        <VisuallyHidden as="label" htmlFor="q">
          Search the store
        </VisuallyHidden>
        <input id="q" />
        <VisuallyHidden as="p" role="status" aria-live="polite">
          Step 2 of 3
        </VisuallyHidden>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Search the store' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 3');
    expect(screen.getByRole('status').tagName).toBe('P');
  });

  it('renders the same markup on the server', () => {
    const html = renderToString(<VisuallyHidden>was</VisuallyHidden>);
    expect(html).toMatch(/^<span class="css-[a-z0-9]+">was<\/span>$/);
    expect(visuallyHidden.clip).toBe('rect(0 0 0 0)');
  });
});
