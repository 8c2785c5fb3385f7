/**
 * The customer account: load result SUCCESS, PREPARING (CustomerNotFound), ERROR or
 * ABORTED; data reused when younger than a caller-given maximum age; loading and updating need a
 * signed-in session that is not logging out, and updates are blocked while another runs.
 * Every write is marked on the shared session (`asAccountUpdate`) so checkout can refuse to place
 * an order while it runs.
 */
import type { AccountResponse, AccountUpdateBody } from '@store/contracts';
import { session } from '@store/shared-events';
import { api, ApiError } from './api';

export type AccountLoadResult = 'SUCCESS' | 'PREPARING' | 'ERROR' | 'ABORTED';

/** Account data younger than this is reused (seconds). */
export const ACCOUNT_REUSE_MAX_AGE_S = 15;

let cached: { sub: string; at: number; account: AccountResponse } | undefined;
let updating = false;

const ready = () => {
  const state = session.getState();
  return state.status === 'LOGGED_IN' && state.user ? state.user.id : null;
};

export async function loadAccount(maxAgeSeconds = ACCOUNT_REUSE_MAX_AGE_S): Promise<{ result: AccountLoadResult; account?: AccountResponse }> {
  const sub = ready();
  if (!sub) return { result: 'ABORTED' };
  if (cached && cached.sub === sub && Date.now() - cached.at < maxAgeSeconds * 1000) return { result: 'SUCCESS', account: cached.account };
  try {
    const account: AccountResponse = await api.get('/api/account', { auth: 'required' });
    if (ready() !== sub) return { result: 'ABORTED' };
    cached = { sub, at: Date.now(), account };
    return { result: 'SUCCESS', account };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'CustomerNotFound') return { result: 'PREPARING' };
    return { result: 'ERROR' };
  }
}

export type AccountUpdateResult = { result: 'SUCCESS'; account: AccountResponse } | { result: 'ABORTED' } | { result: 'ERROR'; code: string; message: string };

/**
 * Marks an account write (PUT /api/account, an address book change) on the shared session's
 * `accountUpdating$` until it settles: the cart remote's Place order waits for it.
 * (`trackAccountUpdate` is in @store/shared-events since 1.1.0; this remote requires ^1.2.0 and the
 * release gate checks the live shell provides it.)
 */
export function asAccountUpdate<T>(work: Promise<T>): Promise<T> {
  return session.trackAccountUpdate(work);
}

export async function updateAccount(body: AccountUpdateBody): Promise<AccountUpdateResult> {
  const sub = ready();
  if (!sub || updating) return { result: 'ABORTED' };
  updating = true;
  try {
    const account: AccountResponse = await asAccountUpdate(api.put('/api/account', { body, auth: 'required' }));
    cached = { sub, at: Date.now(), account };
    return { result: 'SUCCESS', account };
  } catch (error) {
    return error instanceof ApiError ? { result: 'ERROR', code: error.code, message: error.message } : { result: 'ERROR', code: 'Error', message: String(error) };
  } finally {
    updating = false;
  }
}

export function forgetAccount(): void {
  cached = undefined;
}
