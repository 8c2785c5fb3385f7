import { AccountEmail } from './account';
import { CheckoutEmail } from './checkout';
import { SubscribeRequest } from './site';
import { emailError, EMAIL_LENGTH_MAX } from './site-rules';

/** One e-mail rule: the account, checkout and subscribe schemas and the browser's check agree. */
describe('the e-mail rule', () => {
  const fine = ['shopper@example.co.nz', 'first.last+bags@mail.example.com', "o'neil@example.org", 'a@b.co'];
  const wrong = ['shopper@example', 'shopper @example.com', 'shopper@-example.com', 'shopper@example..com', 'josé@example.com', '@example.com', 'shopper@', `${'a'.repeat(EMAIL_LENGTH_MAX - 11)}@example.com`];

  it.each(fine)('takes %s everywhere', (email) => {
    expect(emailError(email)).toBeNull();
    expect(AccountEmail.safeParse(email).success).toBe(true);
    expect(CheckoutEmail.safeParse(email).success).toBe(true);
    expect(SubscribeRequest.shape.email.safeParse(email).success).toBe(true);
  });

  it.each(wrong)('refuses %s everywhere, with the same message', (email) => {
    expect(emailError(email)).toBe('Enter a valid email address.');
    expect(AccountEmail.safeParse(email).success).toBe(false);
    expect(CheckoutEmail.safeParse(email).success).toBe(false);
    expect(SubscribeRequest.shape.email.safeParse(email).success).toBe(false);
  });

  it('takes an address of exactly the maximum length', () => {
    const longest = `${'a'.repeat(EMAIL_LENGTH_MAX - 12)}@example.com`;
    expect(longest).toHaveLength(EMAIL_LENGTH_MAX);
    expect(emailError(longest)).toBeNull();
    expect(CheckoutEmail.safeParse(longest).success).toBe(true);
    expect(AccountEmail.safeParse(longest).success).toBe(true);
  });
});
