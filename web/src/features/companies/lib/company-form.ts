import type { CompanyRole, CompanyTerms } from '@fridgeparts/common/company';
import type { Address, Company } from '@fridgeparts/common/company.answers';
import { formatDollars } from '@fridgeparts/common/money';

/**
 * The company form's values as its inputs hold them (text), and the request bodies made from them
 * (CONTRACT §10). Kept apart from the components and from zod, so the mapping is tested on its own
 * and a page that only shows a company loads none of it.
 */

export type AddressForm = Address;

export interface ShipToForm {
  /** The id the shop gave (`s1`...), or '' for a location added in this form. */
  id: string;
  label: string;
  address: AddressForm;
}

export interface CompanyForm {
  name: string;
  billingAddress: AddressForm;
  shipTo: ShipToForm[];
  terms: CompanyTerms;
  /** Dollars as typed; only sent (and only shown) for net30. */
  creditLimit: string;
}

export const emptyAddress = (): AddressForm => ({ line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' });

export const newShipTo = (): ShipToForm => ({ id: '', label: '', address: emptyAddress() });

export const emptyCompanyForm = (): CompanyForm => ({
  name: '',
  billingAddress: emptyAddress(),
  shipTo: [newShipTo()],
  terms: 'card',
  creditLimit: '',
});

/** A dollar amount as an input shows it: 25000 -> "25000.00"; none -> "". */
export const dollarsText = (dollars: number | null): string => (dollars === null ? '' : dollars.toFixed(2));

/** The form's values for a company as read, so an edit starts from exactly what the server holds. */
export function companyFormOf(c: Company): CompanyForm {
  return {
    name: c.name,
    billingAddress: { ...c.billingAddress },
    shipTo: c.shipTo.map((s) => ({ id: s.id, label: s.label, address: { ...s.address } })),
    terms: c.terms,
    creditLimit: dollarsText(c.creditLimit),
  };
}

/**
 * The country as the server wants it (two capitals): people type "us". Other texts go as typed;
 * the server trims them and names any that is wrong.
 */
const addressBody = (a: AddressForm): AddressForm => ({ ...a, country: a.country.trim().toUpperCase() });

/**
 * The credit limit as sent: the typed amount for net30 ('' stays '' so the server's message
 * "A net30 company needs a creditLimit" lands on the field), and null for card terms, whatever the
 * hidden field still holds, so switching to card drops the limit instead of being refused.
 */
function creditLimitBody(f: Pick<CompanyForm, 'terms' | 'creditLimit'>): string | null | undefined {
  if (f.terms !== 'net30') return null;
  const typed = f.creditLimit.trim();
  return typed === '' ? undefined : typed;
}

/** POST /companies: ids are the shop's to give, so a new company's locations go without them. */
export function createBodyOf(f: CompanyForm) {
  return {
    name: f.name,
    billingAddress: addressBody(f.billingAddress),
    shipTo: f.shipTo.map((s) => ({ label: s.label, address: addressBody(s.address) })),
    terms: f.terms,
    creditLimit: creditLimitBody(f),
  };
}

/**
 * PATCH /companies/{id}: the whole form (the server keeps a location sent with its id, numbers one
 * sent without, removes one left out). The version the form was filled from goes as If-Match
 * (useSaveCompany), so an edit made meanwhile by another admin is refused (412), not overwritten.
 */
export function patchBodyOf(f: CompanyForm) {
  return {
    name: f.name,
    billingAddress: addressBody(f.billingAddress),
    shipTo: f.shipTo.map((s) => ({ ...(s.id ? { id: s.id } : {}), label: s.label, address: addressBody(s.address) })),
    terms: f.terms,
    creditLimit: creditLimitBody(f),
  };
}

export interface PersonForm {
  role: CompanyRole;
  /** Dollars per order as typed; '' is no limit. */
  spendingLimit: string;
}

export interface InviteForm extends PersonForm {
  email: string;
}

export const emptyInviteForm = (): InviteForm => ({ email: '', role: 'buyer', spendingLimit: '' });

/** '' is "no limit" (null); anything else goes as typed, for the server's message if it is not an amount. */
export const spendingLimitBody = (typed: string): string | null => (typed.trim() === '' ? null : typed.trim());

/** POST /companies/{id}/invitations. */
export const inviteBodyOf = (f: InviteForm) => ({ email: f.email.trim(), role: f.role, spendingLimit: spendingLimitBody(f.spendingLimit) });

/** PATCH /companies/{id}/members/{uid}: role and limit together, as the dialog shows both. */
export const memberBodyOf = (f: PersonForm) => ({ role: f.role, spendingLimit: spendingLimitBody(f.spendingLimit) });

/** Said beside every spending limit a person sets. */
export const LIMIT_HINT = 'Dollars per order; empty for no limit. Orders above it wait for a company admin.';

/** A spending limit as read: "$500.00 per order", or "No limit". */
export function spendingLimitText(dollars: number | null): string {
  return dollars === null ? 'No limit' : `${formatDollars(dollars)} per order`;
}
