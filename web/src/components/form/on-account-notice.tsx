import { creditLeftText, type OnAccount } from '../../lib/domain/on-account';
import { Notice } from '../notice';
import css from './on-account-notice.module.css';

/**
 * What an order form says to a member of a Net 30 company (CONTRACT §10 "Pay on account",
 * decision 0063), in the card step's place: the order goes on the company's account, what is left
 * of its credit, and when their own spending limit sends it to approval first (`waits`: this order's
 * total does). The server's
 * refusal of an order over the credit limit (409) sits here too, beside the figures it is about.
 */
export function OnAccountNotice({ account, refusal, waits = false }: { account: OnAccount; refusal?: string | null; waits?: boolean }) {
  return (
    <div className={css.stack}>
      <Notice severity="info" role="note" outlined title={`Pay on account: Net 30 invoice to ${account.company}`}>
        <p className={css.text} data-testid="on-account-note">
          {/* An order above the spending limit is confirmed only once approved (OverLimitNotice says so beside). */}
          No card needed: the order is confirmed {waits ? 'once your company admin approves it' : 'when you place it'}, and {account.company} gets an invoice
          due in 30 days. <span data-testid="on-account-credit">{creditLeftText(account)}</span>.
        </p>
      </Notice>
      {refusal && (
        <Notice severity="error" role="alert" title="Over your company's credit limit">
          <p className={css.text} data-testid="on-account-refusal">
            {refusal}
          </p>
        </Notice>
      )}
    </div>
  );
}
