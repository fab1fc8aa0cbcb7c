import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { MyCompany, ShipTo } from '@fridgeparts/common/company';
import { onAccountOf, type OnAccount } from '../../lib/on-account';
import { useMyCompany } from '../../lib/use-my-company';
import { useSession } from '../../lib/session';
import { useTypedValues, type TypedValues } from './use-typed-values';

/** What an order form needs to know of its buyer's company, and how to stay one form while it is read. */
export interface MemberForm<T> {
  /**
   * The form's React key: 'contact' until a membership is known (and for anyone in no company),
   * then the company's id. It follows the membership's identity, not the query's state: a company
   * read again (refetched, or forgotten and read anew) keeps the form it has.
   */
  key: string;
  /** The company's ship-to locations for a member (the form then chooses one), else null. */
  shipTo: readonly ShipTo[] | null;
  /** Everything typed so far, carried into the form when it is remade (`{ ...defaults, ...typed.current }`). */
  typed: TypedValues<T>;
  /** On-account terms (Net 30) of the member's company, or null. */
  account: OnAccount | null;
  /** The member's own limit per order (dollars), or null: none, or in no company. */
  spendingLimit: number | null;
  /** Read the company again: its open invoices changed (an order placed) or were not what the page showed (a 409). */
  refreshAccount: () => void;
}

/**
 * The frame the three order forms share (the booking modal, the cart's checkout, quick order;
 * decisions 0060, 0063, 0076): GET /me/company decides whether the buyer types an address or
 * chooses one of their company's ship-to locations, and the form is made anew (keyed) when that
 * changes, starting from what was typed.
 *
 * The membership last known is kept while the company is read again: in e2e the checkout was
 * remade after the buyer had typed (the key went member -> contact -> member as the company's entry
 * was read anew), the phone came back doubled and Ship to empty. Now the key changes only when the
 * membership itself does (unknown or none -> a company, or another person), and every field typed
 * is carried, not a chosen few.
 */
export function useMemberForm<T extends FieldValues>(): MemberForm<T> {
  const { user } = useSession();
  const uid = user?.uid ?? '';
  const mine = useMyCompany();
  // The answer last had for this person: undefined while none has come yet.
  const [known, setKnown] = useState<{ uid: string; mine: MyCompany | null } | null>(null);
  if (mine.data !== undefined && (known?.uid !== uid || known.mine !== mine.data)) setKnown({ uid, mine: mine.data });
  const membership = mine.data !== undefined ? mine.data : known?.uid === uid ? known.mine : null;
  const typed = useTypedValues<T>();
  return {
    key: membership ? `member:${membership.company._id}` : 'contact',
    shipTo: membership?.company.shipTo ?? null,
    typed,
    account: onAccountOf(membership),
    spendingLimit: membership?.spendingLimit ?? null,
    refreshAccount: () => void mine.refetch(),
  };
}
