/** The loyalty programme's member directory stand-in (number, last name, active): written to loyalty_members at start. */
import type { LoyaltyMember } from '../../store/account/index.js';

export const LOYALTY_DIRECTORY: LoyaltyMember[] = [
  { memberId: '1234567890', lastName: 'Smith', active: true },
  { memberId: '2345678901', lastName: 'Ngata', active: true },
  { memberId: '3456789012', lastName: 'Wilson', active: false },
  { memberId: '4567890123', lastName: 'Chen', active: true },
];
