import { formatDollars } from '@fridgeparts/common/money';
import { Notice } from '../notice';

/**
 * What an order form says, before the click, to a company member whose order is above their
 * spending limit (CONTRACT §10 "Approvals", decision 0067): placing it does not confirm it, it
 * waits for approval by the company admin. The forms show it beside the total and the button.
 */
export function OverLimitNotice({ total, limit }: { total: number; limit: number }) {
  return (
    <Notice severity="warning" role="note" title="Needs your company admin's approval">
      <p style={{ margin: 0 }} data-testid="over-limit-note">
        This order of {formatDollars(total)} is above your spending limit of {formatDollars(limit)}. When you place it, it waits for approval by your company
        admin, who is told at once; its stock is held meanwhile.
      </p>
    </Notice>
  );
}
