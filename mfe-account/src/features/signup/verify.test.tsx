import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MESSAGES } from '../../lib/auth/messages';
import { VerifyPage } from './VerifyPage';

const confirm = jest.fn<Promise<void>, [string, string]>();
const resend = jest.fn<Promise<void>, [string]>();
jest.mock('../../lib/auth/provider', () => ({
  loadAmplify: async () => ({ amplifyConfirmSignUp: confirm, amplifyResendCode: resend }),
}));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <VerifyPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  confirm.mockReset();
  resend.mockReset();
});

it('a link with user and code verifies at once', async () => {
  confirm.mockResolvedValue();
  renderAt('/account/verify?user=kiri%40example.co.nz&code=123456');
  expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
  expect(confirm).toHaveBeenCalledWith('kiri@example.co.nz', '123456');
});

it('an invalid or expired code shows its message; too many resends too', async () => {
  confirm.mockRejectedValue(Object.assign(new Error('Invalid code provided'), { name: 'ExpiredCodeException' }));
  resend.mockRejectedValue(Object.assign(new Error('Attempt limit exceeded'), { name: 'LimitExceededException' }));
  const user = userEvent.setup();
  renderAt('/account/verify?user=kiri%40example.co.nz&code=999999');
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText(MESSAGES.tooManyVerificationEmails)).toBeInTheDocument();
  expect(resend).toHaveBeenCalledWith('kiri@example.co.nz');
});

it('a wrong code typed into the form is called a wrong code, not an invalid link', async () => {
  confirm.mockRejectedValue(Object.assign(new Error('Invalid verification code provided, please try again.'), { name: 'CodeMismatchException' }));
  const user = userEvent.setup();
  renderAt('/account/verify?user=kiri%40example.co.nz');
  await user.type(screen.getByLabelText('Verification code'), '111111');
  await user.click(screen.getByRole('button', { name: 'Verify email' }));
  expect(await screen.findByRole('alert')).toHaveTextContent("That code isn't right. Check the code in the email we sent you and try again.");
  expect(screen.getByRole('alert')).not.toHaveTextContent(/link/);
});

it('after a sign-up the page says an existing account is told by e-mail how to sign in (the pool does not reveal it)', () => {
  renderAt('/account/verify?user=kiri%40example.co.nz');
  expect(screen.getByText(/If the address already has an account, the email tells you how to sign in instead\./)).toBeInTheDocument();
  expect(confirm).not.toHaveBeenCalled();
});
