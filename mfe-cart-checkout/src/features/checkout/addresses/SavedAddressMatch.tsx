/**
 * The duplicate warning against the account's saved addresses (`savedAddresses.ts`):
 * names the saved address the entered one duplicates and offers to use it instead. Once used, it
 * says so until the address is edited.
 */
import type { AccountAddress, CheckoutAddressInput } from '@store/contracts';
import { useState } from 'react';
import { Notice, secondarySize } from '../../../lib/ui';
import { findSavedDuplicate, fromSaved, savedAddressLabel } from './savedAddresses';
import { Button } from '@store/ui/button';

const sameValues = (a: CheckoutAddressInput, b: CheckoutAddressInput): boolean =>
  (['company', 'contactName', 'phone', 'postcode', 'state', 'street1', 'street2', 'suburb'] as const).every((k) => (a[k] ?? '') === (b[k] ?? ''));

export function SavedAddressMatch({ address, saved, onUse }: { address: CheckoutAddressInput; saved: AccountAddress[]; onUse: (address: CheckoutAddressInput) => void }) {
  const [used, setUsed] = useState<string | null>(null);
  const match = findSavedDuplicate(address, saved);
  if (!match) return null;
  const label = savedAddressLabel(match);
  if (used === match.id && sameValues(address, fromSaved(match, address))) {
    return <Notice tone="info">Using your saved address: {label}.</Notice>;
  }
  return (
    <Notice tone="info">
      <p css={{ margin: '0 0 .6rem' }}>
        This address is already saved in your address book: <strong>{label}</strong>.
      </p>
      <Button
        variant="neutral"
        css={secondarySize}
        onClick={() => {
          onUse(fromSaved(match, address));
          setUsed(match.id);
        }}
      >
        Use saved address
      </Button>
    </Notice>
  );
}
