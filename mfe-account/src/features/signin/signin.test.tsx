import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SignInPage } from './SignInPage';
import { emailError } from '../../lib/validation';

describe('e-mail validation', () => {
  it.each([
    ['', 'Enter your email address.'],
    ['   ', 'Enter your email address.'],
    ['kiri@', 'Enter a valid email address.'],
    [`${'a'.repeat(245)}@x.co.nz`, 'Enter a valid email address.'],
    ['kiri@example.co.nz', null],
  ])('%j -> %j', (value, message) => {
    expect(emailError(value)).toBe(message);
  });
});

describe('SignInPage', () => {
  it('shows errors only after submit and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SignInPage />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Enter your email address.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'kiri@example.co.nz');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  });
});
