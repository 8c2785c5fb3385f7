/**
 * Guest airline membership kept locally (the guest loyalty info: memberId, lastName,
 * createdAt), stored under `fernleaf.loyalty.guest` (`GUEST_LOYALTY_KEY`, @store/contracts) by checkout when a guest enters one.
 * After login it is linked to the account (300 ms later) when younger than the configured maximum
 * age and the account has no link yet.
 */
import { GUEST_LOYALTY_KEY, type GuestLoyaltyInfo } from '@store/contracts/loyalty';
import { loadAccount, updateAccount } from '../../lib/account';

export { GUEST_LOYALTY_KEY };
export const GUEST_LOYALTY_LINK_DELAY_MS = 300;

export type GuestLoyalty = GuestLoyaltyInfo;

export function readGuestLoyalty(): GuestLoyalty | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(GUEST_LOYALTY_KEY) ?? 'null') as Partial<GuestLoyalty> | null;
    if (value && typeof value.memberId === 'string' && typeof value.lastName === 'string' && typeof value.createdAt === 'string') return value as GuestLoyalty;
  } catch {
    // unreadable: none
  }
  return null;
}

/** Returns what happened, for tests and logs. */
export async function linkGuestLoyalty(maxAgeMinutes: number, now = Date.now()): Promise<'NONE' | 'TOO_OLD' | 'ALREADY_LINKED' | 'LINKED' | 'FAILED'> {
  const guest = readGuestLoyalty();
  if (!guest) return 'NONE';
  const age = now - Date.parse(guest.createdAt);
  if (!(age >= 0 && age < maxAgeMinutes * 60_000)) {
    window.localStorage.removeItem(GUEST_LOYALTY_KEY);
    return 'TOO_OLD';
  }
  const { result, account } = await loadAccount(0);
  if (result !== 'SUCCESS' || !account) return 'FAILED';
  if (account.loyalty.providers.qantas) {
    window.localStorage.removeItem(GUEST_LOYALTY_KEY);
    return 'ALREADY_LINKED';
  }
  const { firstName, lastName, phone, subscriptions } = account.customer;
  const update = await updateAccount({
    customer: { firstName, lastName, phone, subscriptions },
    loyalty: { qantas: { action: 'link', memberId: guest.memberId, lastName: guest.lastName } },
  });
  if (update.result !== 'SUCCESS') return 'FAILED';
  window.localStorage.removeItem(GUEST_LOYALTY_KEY);
  return 'LINKED';
}
