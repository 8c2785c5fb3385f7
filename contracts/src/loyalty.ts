/**
 * Guest loyalty info kept locally (memberId, lastName, createdAt): checkout writes it when a
 * guest enters a membership, the account links it after login. No zod here: the account
 * remote's every-page service imports this module (`@store/contracts/loyalty`) on its own.
 */
export const GUEST_LOYALTY_KEY = 'fernleaf.loyalty.guest';
export interface GuestLoyaltyInfo {
  memberId: string;
  lastName: string;
  /** ISO time. */
  createdAt: string;
}
