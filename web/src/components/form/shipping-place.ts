import type { ShipTo } from '@fridgeparts/common/company.answers';
import type { AddressValues } from './shipping-address-fields';

/** Where an order form ships, in words, for the shipping options' "no method serves" message. */
export function placeText(shipTo: readonly ShipTo[] | null, shipToId: string | undefined, address: Partial<AddressValues> | undefined): string {
  if (shipTo) {
    const s = shipTo.find((p) => p.id === shipToId);
    return s ? `${s.label} (${[s.address.city, s.address.region, s.address.postalCode, s.address.country].filter(Boolean).join(' ')})` : 'the location chosen';
  }
  return (
    [address?.region, address?.postalCode, address?.country]
      .map((p) => (p ?? '').trim())
      .filter(Boolean)
      .join(' ') || 'the address given'
  );
}

/** What the shipping options say before they can be asked: where the order ships is not known yet. */
export function optionsWaitingText(shipTo: readonly ShipTo[] | null): string {
  return shipTo
    ? 'Choose where it ships to see the shipping options and dates.'
    : 'Enter the address (state and postal code) to see the shipping options and dates.';
}
