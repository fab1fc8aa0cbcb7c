import { formatDollars } from '@fridgeparts/common/money';
import { OVER_SPENDING_LIMIT_WORDS } from '@fridgeparts/common/spending-limit';
import type { LimitHint } from '../../lib/domain/on-account';
import { Notice } from '../notice';

/**
 * What an order form says, before the click, to a company member whose order is above their
 * spending limit (CONTRACT §10 "Approvals", decisions 0067, 0083): in the server's own words,
 * placing it does not confirm it, it waits for approval by the company admin; then the total the
 * server compares (with shipping and sales tax) or, before the tax is known, what the order comes
 * to without it, already above the limit. The forms show it beside the total and the button.
 */
export function OverLimitNotice({ hint }: { hint: LimitHint }) {
  return (
    <Notice severity="warning" role="note">
      <span data-testid="over-limit-note">
        {OVER_SPENDING_LIMIT_WORDS} Its total, {formatDollars(hint.total)} {hint.taxed ? 'with' : 'before'} sales tax, is above your limit of{' '}
        {formatDollars(hint.limit)}.
      </span>
    </Notice>
  );
}
