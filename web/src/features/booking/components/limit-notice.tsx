import { formatDollars } from '@fridgeparts/common/money';
import { OVER_SPENDING_LIMIT_WORDS } from '@fridgeparts/common/spending-limit';
import { OverLimitNotice } from '../../../components/form/over-limit-notice';
import { Notice } from '../../../components/notice';
import type { LimitHint } from '../../../lib/domain/on-account';
import type { BeforeTaxHint } from '../lib/limit-hint';

/**
 * Quick order and the booking modal know the total only before sales tax, which the order adds
 * when it is placed (CONTRACT §15): within the limit by less than the tax could add, the form says
 * the limit is judged with the tax, and what follows if the tax takes it over.
 */
export function MayPassLimitNotice({ hint }: { hint: LimitHint }) {
  const limit = formatDollars(hint.limit);
  return (
    <Notice severity="info" role="note" title="May need your company admin's approval">
      <p style={{ margin: 0 }} data-testid="may-pass-limit-note">
        Your spending limit of {limit} is compared with the total with shipping and sales tax, and this order comes to {formatDollars(hint.total)} before sales
        tax. If the tax takes it above {limit}: {OVER_SPENDING_LIMIT_WORDS}
      </p>
    </Notice>
  );
}

/** The notice a hint calls for (quick order, the booking modal), or nothing. */
export function LimitNotice({ hint }: { hint: BeforeTaxHint | null }) {
  if (!hint) return null;
  return hint.kind === 'over' ? <OverLimitNotice hint={hint} /> : <MayPassLimitNotice hint={hint} />;
}
