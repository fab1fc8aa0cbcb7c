import { useId } from 'react';
import type { Company } from '@fridgeparts/common/company.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { addressLine } from '../../../lib/domain/address-line';
import { TERMS_LABELS } from '../lib/labels';
import css from './company-details.module.css';

/**
 * A company as its members read it (CONTRACT §10, "My company"): billing address, terms, the credit
 * limit and open invoices (Net 30 only), and the ship-to locations buyers choose from.
 */
export function CompanyDetails({ company }: { company: Company }) {
  const shipToId = useId();
  return (
    <>
      <dl className={css.facts}>
        <dt>Billing address</dt>
        <dd>{addressLine(company.billingAddress)}</dd>
        <dt>Terms</dt>
        <dd>{TERMS_LABELS[company.terms]}</dd>
        {company.creditLimit !== null && (
          <>
            <dt>Credit limit</dt>
            <dd>{formatDollars(company.creditLimit)}</dd>
          </>
        )}
        <dt>Open invoices</dt>
        <dd>{formatDollars(company.openInvoiceTotal)}</dd>
      </dl>
      <p id={shipToId}>
        <strong>Ship-to locations</strong>
      </p>
      <ul className={css.shipTo} aria-labelledby={shipToId}>
        {company.shipTo.map((s) => (
          <li key={s.id}>
            <strong>{s.label}</strong>: {addressLine(s.address)}
          </li>
        ))}
      </ul>
    </>
  );
}
