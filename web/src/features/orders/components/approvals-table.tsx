import { lazy, Suspense, useState } from 'react';
import type { ApprovalDecision, Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { Button } from '../../../components/button';
import { numberColumn, type Column } from '../../../components/table';
import ui from '../../../components/ui.module.css';
import { dateFormat, SHOP_LOCALE } from '../../../lib/domain/date-format';
import { useApprovals } from '../api/use-company-orders';
import { expiryOf } from '../lib/approval-form';
import { buyerColumn, CompanyOrderList, orderColumn, shipToColumn } from './company-order-columns';
import css from './approvals-table.module.css';

const DecisionDialog = lazy(() => import('./decision-dialog'));
const preloadDecisionDialog = () => void import('./decision-dialog');

const timeFormat = dateFormat(SHOP_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

function When({ at, className }: { at: Date; className?: string }) {
  return (
    <time dateTime={at.toISOString()} className={className}>
      {timeFormat.format(at)}
    </time>
  );
}

/** Every line of the order, so the admin sees what they approve without opening it. */
export function OrderLinesList({ order }: { order: Booking }) {
  return (
    <ul className={css.lines} aria-label={`Lines of order ${order.orderNumber || order._id}`}>
      {order.lines.map((l, i) => (
        <li key={`${l.toolId}-${i}`}>
          {l.quantity} × {l.name}
          {l.partNumber && <span className={`${ui.caption} ${css.muted}`}> {l.partNumber}</span>}
        </li>
      ))}
    </ul>
  );
}

/** What the page says once a decision went through, from the server's answer. */
export function decidedMessage(answer: Booking): string {
  const number = answer.orderNumber || answer._id;
  if (answer.state === 'declined') return `Order ${number} declined: its stock is released and ${answer.email} is told why.`;
  if (answer.state === 'confirmed') return `Order ${number} approved: it is confirmed on account, and the company is invoiced.`;
  return `Order ${number} approved: ${answer.email} can now pay it by card.`;
}

/**
 * A company admin's orders waiting for approval (GET /companies/{id}/approvals, oldest first): the
 * order, its buyer, where it ships, its lines and total, when it was placed and when it is
 * released if nobody decides, each with Approve and Decline in a dialog. The shared Table: cards
 * on phones, "Load more" on the API's cursor, the actions kept in view.
 */
export function ApprovalsTable({ companyId, onAccount, onDecided }: { companyId: string; onAccount: boolean; onDecided: (message: string) => void }) {
  const list = useApprovals(companyId);
  const [deciding, setDeciding] = useState<{ order: Booking; decision: ApprovalDecision } | null>(null);
  // Read once per render: the list refetches after every decision, which renders again.
  const now = Date.now();

  const columns: Column<Booking>[] = [
    orderColumn,
    buyerColumn,
    shipToColumn,
    { id: 'lines', header: 'Lines', cell: (b) => <OrderLinesList order={b} /> },
    { id: 'total', header: 'Total', className: numberColumn, cell: (b) => <span data-testid="approval-total">{formatDollars(b.total)}</span> },
    // Placed and expires share a column, each date free to wrap after its comma, and the two
    // buttons stack: the two dates on one line each and the buttons side by side pushed Expires
    // under the sticky Decide column at 1280 px (issue 43).
    {
      id: 'placed',
      header: 'Placed / expires',
      className: css.dates,
      cell: (b) => {
        const expiry = expiryOf(b.approval?.expiresAt ?? null, now);
        return (
          <div className={css.stack}>
            <span>
              <span className={css.muted}>Placed </span>
              <When at={new Date(b.createdAt)} />
            </span>
            <span data-testid="approval-expires">
              <span className={css.muted}>Expires </span>
              {expiry ? <When at={expiry.at} className={expiry.soon ? css.soon : undefined} /> : <span className={css.muted}>not recorded</span>}
            </span>
          </div>
        );
      },
    },
    {
      id: 'decide',
      header: 'Decide',
      stickyWidth: 116,
      cell: (b) => {
        const number = b.orderNumber || b._id;
        return (
          <div className={css.actions}>
            <Button
              size="small"
              onClick={() => setDeciding({ order: b, decision: 'approved' })}
              onPointerEnter={preloadDecisionDialog}
              onFocus={preloadDecisionDialog}
              aria-label={`Approve order ${number}`}
            >
              Approve
            </Button>
            <Button
              size="small"
              variant="danger"
              onClick={() => setDeciding({ order: b, decision: 'declined' })}
              onPointerEnter={preloadDecisionDialog}
              onFocus={preloadDecisionDialog}
              aria-label={`Decline order ${number}`}
            >
              Decline
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <CompanyOrderList
        caption="Orders waiting for approval"
        columns={columns}
        list={list}
        rowTestId="approval-row"
        empty="No orders are waiting for approval."
      />
      {deciding && (
        <Suspense fallback={null}>
          <DecisionDialog
            order={deciding.order}
            decision={deciding.decision}
            onAccount={onAccount}
            onClose={() => setDeciding(null)}
            onDecided={(answer) => {
              setDeciding(null);
              onDecided(decidedMessage(answer));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
