import { Link } from 'react-router-dom';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { paths } from '../../../lib/infra/paths';
import css from './warranty-details.module.css';

/**
 * A warranty claim's facts (decision 0087), on the order page's Returns and the admin's Returns
 * screen: the appliance, what failed, the replacement order (a link) and the day the failed part
 * is due (both said as to come while the claim waits), and the charge once the part was late.
 */
export function WarrantyDetails({ r, testId = 'return-warranty' }: { r: Pick<Return, 'warranty' | 'state'>; testId?: string }) {
  const w = r.warranty;
  if (!w) return null;
  return (
    <dl className={css.details} data-testid={testId} aria-label="Warranty claim">
      <div>
        <dt>Appliance</dt>
        <dd>
          Model {w.modelNumber}, serial {w.serialNumber}, installed {w.installedOn}
        </dd>
      </div>
      <div>
        <dt>Failure</dt>
        <dd>{w.failure}</dd>
      </div>
      {w.replacementBookingId ? (
        <div>
          <dt>Replacement</dt>
          <dd>
            <Link to={paths.order(w.replacementBookingId)} data-testid={`${testId}-replacement`}>
              Order {w.replacementOrderNumber ?? w.replacementBookingId}
            </Link>
          </dd>
        </div>
      ) : (
        r.state === 'requested' && (
          // Said while the claim waits, so the approval fills these lines in rather than adding them
          // (the row or card keeps its height: no layout shift under the admin's next click).
          <div>
            <dt>Replacement</dt>
            <dd data-testid={`${testId}-replacement-pending`}>Sent when approved</dd>
          </div>
        )
      )}
      {w.failedPartDueOn && r.state === 'approved' ? (
        <div>
          <dt>Failed part due by</dt>
          <dd data-testid={`${testId}-due`}>{w.failedPartDueOn}</dd>
        </div>
      ) : (
        r.state === 'requested' && (
          <div>
            <dt>Failed part due by</dt>
            <dd>Set when approved</dd>
          </div>
        )
      )}
      {w.charged && (
        <div>
          <dt>Charged</dt>
          <dd>
            {formatDollars(w.charged.amount)} ({w.charged.method === 'invoice' ? 'invoiced' : 'to pay on the replacement order'}): the failed part was late
          </dd>
        </div>
      )}
    </dl>
  );
}
