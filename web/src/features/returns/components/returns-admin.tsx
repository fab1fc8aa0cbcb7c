import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import { Button } from '../../../components/button';
import { Chip } from '../../../components/chip';
import { ConfirmButton } from '../../../components/confirm-button';
import { BreakableEmail, Table, type Column } from '../../../components/table';
import ui from '../../../components/ui.module.css';
import { shopDay } from '../../../lib/domain/date-format';
import { paths } from '../../../lib/infra/paths';
import { notify } from '../../../lib/infra/toast';
import { useAdminReturns, type AdminReturns } from '../api/use-admin-returns';
import { returnStateView } from '../lib/return-words';
import { RETURN_REASON_LABELS, type ReturnState } from '@fridgeparts/common/returns/returns';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { RefundAmounts } from './refund-amounts';
import { Tabs, type TabItem } from './return-tabs';
import type { ReturnStep } from './return-step-dialog';
import css from './returns-admin.module.css';
import { WarrantyDetails } from './warranty-details';
import { isCoreReturn } from '../lib/core-offers';
import { CORE_INSPECTION_LABELS } from '@fridgeparts/common/returns/cores';

// Approve, Decline and Receive (their Modal, react-hook-form and, on the first check, zod) load
// with the first one opened; pointing at or focusing one of their buttons starts the load.
const loadDialog = () => import('./return-step-dialog');
const preloadDialog = () => void loadDialog().catch(() => undefined);
const ReturnStepDialog = lazy(loadDialog);

/** The screen's tabs: the returns in each state, the admin's work first (CONTRACT §16). */
export const RETURN_TABS: readonly TabItem<ReturnState>[] = [
  { key: 'requested', label: 'Requested' },
  { key: 'approved', label: 'Awaiting receipt' },
  { key: 'received', label: 'Awaiting refund' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'declined', label: 'Declined' },
  { key: 'closed', label: 'Closed claims' },
];

const EMPTY: Record<ReturnState, string> = {
  requested: 'No return is waiting for approval.',
  approved: 'No approved return is waiting for its parts.',
  received: 'No received return is waiting for its refund.',
  refunded: 'No return has been refunded yet.',
  declined: 'No return has been declined.',
  closed: 'No warranty claim has been closed yet.',
};

/** The return's state and what it came to: the fee once approved, the reason once declined, the refund once made. */
function StateCell({ r }: { r: Return }) {
  const view = returnStateView(r.state);
  return (
    <div className={css.stack}>
      <Chip tone={view.tone} data-testid="return-state">
        {view.label}
      </Chip>
      {r.restockingFeePercent !== null && r.state !== 'declined' && !isCoreReturn(r) && (
        <span className={ui.caption}>Restocking fee {r.restockingFeePercent}%</span>
      )}
      {r.declineReason && <span className={`${ui.caption} ${css.wrap}`}>“{r.declineReason}”</span>}
      {r.refund && (
        <span className={ui.caption} data-testid="return-refunded">
          Refunded {formatDollars(r.refund.total)} {r.refund.method === 'credit-note' ? 'as a credit note' : 'to the card'}
        </span>
      )}
    </div>
  );
}

/** Refund: the server's own amount (refundDue) is confirmed first; afterwards the amounts the server refunded are said. */
function RefundAction({ r, list }: { r: Return; list: AdminReturns }) {
  const due = r.refundDue;
  if (!due) return null;
  return (
    <ConfirmButton
      variant="dangerContained"
      size="small"
      question={`Refund ${r.rmaNumber}?`}
      cancelLabel="Not now"
      confirmLabel={`Refund ${formatDollars(due.total)}`}
      busyLabel="Refunding…"
      onConfirm={async () => {
        const answer = await list.refund(r);
        const total = answer.refund?.total ?? due.total;
        notify.success(
          `${answer.rmaNumber} refunded: ${formatDollars(total)} ${answer.refund?.method === 'credit-note' ? 'as a credit note on the invoice' : 'to the card'}.`,
        );
      }}
      details={
        <>
          <span className={css.confirmText}>
            Order {r.orderNumber}: {formatDollars(due.total)} goes back to the buyer the way the order was paid (a card refund, or a credit note on its
            invoice). This can not be undone.
          </span>
          <RefundAmounts amounts={due} feePercent={r.restockingFeePercent} testId="refund-due" cores={isCoreReturn(r)} />
        </>
      }
      aria-label={`Refund ${r.rmaNumber}`}
    >
      Refund
    </ConfirmButton>
  );
}

/**
 * The shop admin's Returns (CONTRACT §16): a tab per state, the returns in it oldest first, each
 * with its order (a link to the order page), its buyer, its parts and reasons, its state, and its next step:
 * Approve (restocking fee prefilled) or Decline (with the reason) a request, Receive the parts of an
 * approved one (or Decline it while its parts have not come), Refund a received one (its exact amount confirmed first). A step's answer shows on
 * its row at once, with the step after it. The shared Table: columns at 1280 px, a card per return
 * at a phone's width.
 */
export function ReturnsAdmin({ state, onState }: { state: ReturnState; onState: (s: ReturnState) => void }) {
  const list = useAdminReturns(state);
  const [open, setOpen] = useState<{ step: ReturnStep; id: string } | null>(null);
  const opened = open ? list.items.find((r) => r.id === open.id) : undefined;

  const step = (r: Return, s: ReturnStep, label: string, variant: 'contained' | 'outlined' | 'danger') => (
    <Button
      variant={variant}
      size="small"
      onClick={() => setOpen({ step: s, id: r.id })}
      onPointerEnter={preloadDialog}
      onFocus={preloadDialog}
      aria-label={`${label} ${r.rmaNumber}`}
    >
      {label}
    </Button>
  );
  const actions = (r: Return) => {
    if (r.state === 'requested')
      return (
        <div className={css.actions}>
          {step(r, 'approve', 'Approve', 'contained')}
          {step(r, 'decline', 'Decline', 'danger')}
        </div>
      );
    // Not yet received, an approved return may still be declined (the parts never came).
    if (r.state === 'approved')
      return (
        <div className={css.actions}>
          {step(r, 'receive', 'Receive', 'contained')}
          {step(r, 'decline', 'Decline', 'danger')}
        </div>
      );
    if (r.state === 'received') return <RefundAction r={r} list={list} />;
    return null;
  };

  const columns: Column<Return>[] = [
    {
      id: 'return',
      header: 'Return and order',
      className: css.rma,
      cell: (r) => (
        <div className={css.stack}>
          <span className={css.strong} data-testid="return-rma">
            {r.rmaNumber}
          </span>
          <Link to={paths.order(r.bookingId)} data-testid="return-order">
            {r.orderNumber}
          </Link>
          <span className={ui.caption}>Requested {shopDay(r.createdAt)}</span>
        </div>
      ),
    },
    {
      id: 'buyer',
      header: 'Buyer',
      className: css.buyer,
      cell: (r) => (
        <div className={css.stack}>
          <span>{r.buyer.name}</span>
          <span className={ui.caption}>
            <BreakableEmail email={r.buyer.email} />
          </span>
        </div>
      ),
    },
    {
      id: 'parts',
      header: 'Parts and reasons',
      cell: (r) => (
        <div className={css.stack}>
          <ul className={css.parts}>
            {r.lines.map((l) => (
              <li key={l.lineId} data-testid="return-line">
                {l.quantity} × {l.name}
                {l.partNumber && <span className={ui.caption}> ({l.partNumber})</span>}: {RETURN_REASON_LABELS[l.reason]}
                {l.coreDeposit !== undefined && <span className={ui.caption}> (deposit {formatDollars(l.coreDeposit)} each)</span>}
                {l.inspection ? (
                  <span className={ui.caption} data-testid="return-inspection">
                    {' '}
                    (inspected: {CORE_INSPECTION_LABELS[l.inspection]})
                  </span>
                ) : l.reason !== 'core' && (r.state === 'received' || r.state === 'refunded' || r.state === 'closed') ? (
                  <span className={ui.caption}>
                    {' '}
                    (back: {l.resaleable} resaleable, {l.damaged} damaged)
                  </span>
                ) : null}
                {l.note && <span className={`${ui.caption} ${css.note}`}>“{l.note}”</span>}
              </li>
            ))}
          </ul>
          <WarrantyDetails r={r} />
          {/* Once refunded: the amounts the server refunded, under the parts they came from. */}
          {r.refund && <RefundAmounts amounts={r.refund} feePercent={r.restockingFeePercent} testId="return-refund" cores={isCoreReturn(r)} />}
        </div>
      ),
    },
    { id: 'state', header: 'State', className: css.state, cell: (r) => <StateCell r={r} /> },
    { id: 'actions', header: 'Actions', stickyWidth: 184, cell: actions },
  ];

  return (
    <Tabs label="Returns by state" tabs={RETURN_TABS} selected={state} onSelect={onState}>
      <Table
        caption={`Returns: ${RETURN_TABS.find((t) => t.key === state)?.label ?? state}`}
        columns={columns}
        rows={list}
        paging={list}
        rowKey={(r) => r.id}
        rowTestId="return-row"
        minWidth={860}
        empty={EMPTY[state]}
      />
      {open && opened && (
        <Suspense fallback={null}>
          <ReturnStepDialog key={`${open.step}-${open.id}`} step={open.step} r={opened} list={list} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Tabs>
  );
}
