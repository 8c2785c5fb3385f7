/** The form layer's rules: touched on blur, errors when touched, submit, submitting. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as z from 'zod/mini';
import { rulesSchema, TEXT_TOUCH_DELAY_MS, TextField, useForm, type FieldLook } from './form';

const look: FieldLook = { row: {}, label: {}, optional: {}, input: () => ({}), hint: {}, error: {} };

const schema = rulesSchema<{ email: string; password: string; nickname: string }>({
  email: (v) => (v.trim() ? (v.includes('@') ? null : 'Enter a valid email address.') : 'Enter your email address.'),
  password: (v) => (v ? null : 'Enter your password.'),
  nickname: (v) => (v ? null : 'Enter a nickname.'),
});

function TestForm({ submit, withNickname = false }: { submit: (values: { email: string; password: string }) => unknown; withNickname?: boolean }) {
  const form = useForm({ defaultValues: { email: '', password: '', nickname: '' }, schema });
  return (
    <form noValidate aria-label="Test" onSubmit={form.handleSubmit(submit)}>
      <TextField look={look} label="Email" type="email" f={form.field('email')} />
      <TextField look={look} label="Password" type="password" f={form.field('password')} />
      {withNickname ? <TextField look={look} label="Nickname" f={form.field('nickname')} /> : null}
      <button type="submit" disabled={form.submitting}>
        Send
      </button>
    </form>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('a text input becomes touched 300 ms after the blur, and only then shows its error', () => {
  render(<TestForm submit={() => undefined} />);
  const email = screen.getByLabelText('Email');
  fireEvent.change(email, { target: { value: 'kiri' } });
  expect(screen.queryByText('Enter a valid email address.')).toBeNull();
  fireEvent.blur(email);
  act(() => jest.advanceTimersByTime(TEXT_TOUCH_DELAY_MS - 1));
  expect(screen.queryByText('Enter a valid email address.')).toBeNull();
  expect(email).not.toHaveAttribute('aria-invalid');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Enter a valid email address.');
  // the error follows the value once touched
  fireEvent.change(email, { target: { value: 'kiri@example.co.nz' } });
  expect(screen.queryByText('Enter a valid email address.')).toBeNull();
  expect(email).not.toHaveAttribute('aria-invalid');
});

it('shows no error for a field never touched, and a password is touched at once on blur', () => {
  render(<TestForm submit={() => undefined} />);
  const password = screen.getByLabelText('Password');
  fireEvent.focus(password);
  expect(screen.queryByText('Enter your password.')).toBeNull();
  fireEvent.blur(password);
  expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  expect(screen.queryByText('Enter your email address.')).toBeNull();
});

it('a submit touches every visible field and focuses the first invalid one; fields not on the page do not count', () => {
  const submit = jest.fn();
  const { rerender } = render(<TestForm submit={submit} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kiri@example.co.nz' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(submit).not.toHaveBeenCalled();
  expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveFocus();
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  // the nickname is invalid but not on the page
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(submit).toHaveBeenCalledWith({ email: 'kiri@example.co.nz', password: 'secret', nickname: '' });
  rerender(<TestForm submit={submit} withNickname />);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(submit).toHaveBeenCalledTimes(1);
  expect(screen.getByLabelText('Nickname')).toHaveFocus();
  expect(screen.getByText('Enter a nickname.')).toBeInTheDocument();
});

it('is submitting until the submit settles: fields and the button disabled; a second submit meanwhile is ignored', async () => {
  let done: () => void = () => undefined;
  const submit = jest.fn(() => new Promise<void>((resolve) => (done = resolve)));
  render(<TestForm submit={submit} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kiri@example.co.nz' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByLabelText('Email')).toBeDisabled();
  expect(screen.getByLabelText('Password')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  fireEvent.submit(screen.getByRole('form', { name: 'Test' }));
  expect(submit).toHaveBeenCalledTimes(1);
  await act(async () => done());
  expect(screen.getByLabelText('Email')).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  fireEvent.submit(screen.getByRole('form', { name: 'Test' }));
  expect(submit).toHaveBeenCalledTimes(2);
});

it('takes any schema with safeParse (a zod/mini object here): the first issue per field', () => {
  function ZodForm() {
    const form = useForm({ defaultValues: { code: '' }, schema: z.object({ code: z.string().check(z.minLength(1, 'Enter a code.'), z.regex(/^\d+$/, 'Digits only.')) }) });
    return (
      <form noValidate aria-label="Zod" onSubmit={form.handleSubmit(() => undefined)}>
        <TextField look={look} label="Code" f={form.field('code')} />
        <button type="submit">Go</button>
      </form>
    );
  }
  render(<ZodForm />);
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  expect(screen.getByText('Enter a code.')).toBeInTheDocument();
  expect(screen.queryByText('Digits only.')).toBeNull();
});
