import type { APIRequestContext, Page } from '@playwright/test';
import { expect, remote } from './fixtures';

/**
 * On the sign-up page: signs a new shopper up in the browser (the sign-up form, the code from the
 * local user pool's outbox, the verify form) and signs them in on `origin`'s sign-in page ('' for
 * the test store's own). The caller checks the greeting.
 */
export async function signUpAndSignIn(page: Page, request: APIRequestContext, shopper: { origin?: string; firstName: string; lastName: string; email: string; password: string }): Promise<void> {
  const { origin = '', firstName, lastName, email, password } = shopper;
  const account = remote(page, 'account');
  await account.getByLabel('First name').fill(firstName);
  await account.getByLabel('Last name', { exact: true }).fill(lastName);
  await account.getByLabel('Email').fill(email);
  await account.getByLabel('Password', { exact: true }).fill(password);
  await account.getByLabel('Repeat password').fill(password);
  await account.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/verify\?user=/);
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/cognito/outbox?email=${encodeURIComponent(email)}`);
      code = ((await res.json()) as { messages: { purpose: string; code: string }[] }).messages.find((m) => m.purpose === 'SIGN_UP')?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await account.getByLabel('Verification code').fill(code);
  await account.getByRole('button', { name: 'Verify email' }).click();
  await expect(account.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
  await page.goto(`${origin}/account/signin`);
  await account.getByLabel('Email').fill(email);
  await account.getByLabel('Password').fill(password);
  await account.getByRole('button', { name: 'Sign in' }).click();
}
