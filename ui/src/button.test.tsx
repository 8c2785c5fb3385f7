import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Button, buttonLook } from './button';

describe('Button', () => {
  it('is a plain button unless told otherwise: a click in a form does not submit it', async () => {
    const submit = jest.fn((event: Event) => event.preventDefault());
    const click = jest.fn();
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button onClick={click}>Add</Button>
        <Button type="submit" variant="secondary">
          Save
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Add' })).toHaveAttribute('type', 'button');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('passes its props and ref to the element', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} disabled aria-busy="true" aria-label="Placing order" data-testid="b">
        Place order
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Placing order' });
    expect(ref.current).toBe(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('data-testid', 'b');
  });

  it('draws the variant, with the place’s own css after it', () => {
    render(
      <>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="neutral">Neutral</Button>
        <Button variant="link">Link</Button>
        <Button css={{ width: '100%', padding: '.6rem 1.2rem' }}>Wide</Button>
      </>,
    );
    const style = (name: string) => getComputedStyle(screen.getByRole('button', { name }));
    // (jsdom does not resolve the colour variables: those are read off the look itself)
    expect(buttonLook('primary')).toMatchObject({ background: 'var(--forest)', color: '#fff', border: 0 });
    expect(buttonLook('secondary')).toMatchObject({ border: '1px solid var(--forest)', color: 'var(--forest)' });
    expect(buttonLook('neutral')).toMatchObject({ border: '1px solid var(--ink)', color: 'var(--ink)' });
    expect(style('Primary').color).toBe('rgb(255, 255, 255)');
    expect(style('Primary').borderRadius).toBe('999px');
    expect(style('Primary').fontWeight).toBe('600');
    expect(style('Link').textDecoration).toBe('underline');
    expect(style('Link').padding).toBe('0px');
    expect(style('Wide').width).toBe('100%');
    expect(style('Wide').padding).toBe('0.6rem 1.2rem');
    expect(style('Wide').color).toBe('rgb(255, 255, 255)');
  });

  it('gives the same look to an element that is not a button', () => {
    render(
      <a href="/cart" css={buttonLook('primary')}>
        View cart
      </a>,
    );
    const link = getComputedStyle(screen.getByRole('link', { name: 'View cart' }));
    expect(link.color).toBe('rgb(255, 255, 255)');
    expect(link.textDecoration).toBe('none');
    expect(link.display).toBe('inline-block');
  });
});
