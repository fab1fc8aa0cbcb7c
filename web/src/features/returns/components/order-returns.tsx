import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import { Chip } from '../../../components/chip';
import { ErrorRetry } from '../../../components/error-retry';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/infra/api-client';
import { shopDay } from '../../../lib/domain/date-format';
import { useFileDownload } from '../../../lib/infra/use-file-download';
import { useOrderReturns } from '../api/use-order-returns';
import { offeredLines } from '../lib/return-form';
import { coreOffers, isCoreReturn, type CoreBookingLine } from '../lib/core-offers';
import { CORE_INSPECTION_LABELS } from '@fridgeparts/common/returns/cores';
import { formatDollars } from '@fridgeparts/common/money';
import { nextStepText, returnStateView } from '../lib/return-words';
import { RETURN_REASON_LABELS } from '@fridgeparts/common/returns/returns';
import { API } from '@fridgeparts/common/api-paths';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { RefundAmounts } from './refund-amounts';
import css from './order-returns.module.css';
import { WarrantyDetails } from './warranty-details';
import type { ReturnKind } from './return-dialog';

// The dialog, react-hook-form's fields and, on the first check, zod load with the first Return parts.
const loadDialog = () => import('./return-dialog');
const preloadDialog = () => void loadDialog().catch(() => undefined);
const ReturnDialog = lazy(loadDialog);

/** Downloads a return's RMA slip (GET .../returns/{rid}/slip) with the ID token, as the order's PDF. */
function SlipButton({ r }: { r: Return }) {
  const { busy, download } = useFileDownload();
  return (
    <Button
      variant="text"
      size="small"
      onClick={() => void download(API.returnSlip(r.bookingId, r.id), `${r.rmaNumber}.pdf`)}
      disabled={busy}
      aria-label={`RMA slip (PDF) of ${r.rmaNumber}`}
    >
      {busy ? 'Preparing…' : 'RMA slip (PDF)'}
    </Button>
  );
}

/** One return: its number, state and lines, what happens next, the return address once approved, the refund once made. */
function ReturnCard({ r }: { r: Return }) {
  const view = returnStateView(r.state);
  const cores = isCoreReturn(r);
  return (
    <li className={`${ui.paper} ${css.card}`} data-testid="order-return" aria-labelledby={`return-${r.id}`}>
      <div className={css.head}>
        <h3 id={`return-${r.id}`} className={css.heading}>
          <span data-testid="order-return-rma">{r.rmaNumber}</span>
        </h3>
        <Chip tone={view.tone} data-testid="order-return-state">
          {view.label}
        </Chip>
        <span className={css.muted}>Requested {shopDay(r.createdAt)}</span>
      </div>
      <ul className={css.lines} aria-label={`${cores ? 'Cores' : 'Parts'} in ${r.rmaNumber}`}>
        {r.lines.map((l) => (
          <li key={l.lineId} data-testid="order-return-line">
            <span className={css.quantity}>{l.quantity} ×</span> {l.name}
            {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}: {RETURN_REASON_LABELS[l.reason]}
            {l.coreDeposit !== undefined && <span className={css.muted}> (deposit {formatDollars(l.coreDeposit)} each)</span>}
            {l.inspection && <span data-testid="order-return-inspection"> · {CORE_INSPECTION_LABELS[l.inspection]}</span>}
            {l.note && <span className={css.muted}> “{l.note}”</span>}
          </li>
        ))}
      </ul>
      <WarrantyDetails r={r} testId="order-return-warranty" />
      <p className={css.next} data-testid="order-return-next">
        {nextStepText(r)}
      </p>
      {r.returnAddress && r.state === 'approved' && (
        <p className={css.address} data-testid="order-return-address">
          <span className={css.label}>Send the {cores ? 'old units' : 'parts'} to</span> {r.returnAddress}
        </p>
      )}
      {r.refund && (
        <div className={css.refund}>
          <h4 className={css.subheading}>{cores ? 'Deposit back' : 'Refund'}</h4>
          <RefundAmounts amounts={r.refund} feePercent={r.restockingFeePercent} testId="order-return-refund" cores={cores} />
        </div>
      )}
      <div className={css.actions}>
        <SlipButton r={r} />
      </div>
    </li>
  );
}

/**
 * The order page's Returns (CONTRACT §16), loaded lazily under the order once something of it has
 * shipped: each return with its RMA number, state, lines and reasons, what happens next, the return
 * address once approved, the refund's amounts once made and its RMA slip; and "Return parts" while
 * any line is still returnable for a reason whose window is open (the buyer, a company admin of the
 * order's company, the shop admin); "Return cores" while cores of parts with a deposit are owed
 * and not already in an open core return (decision 0088), a core return showing its deposit back
 * once refunded. Nothing for a reader the server does not answer, or an order with nothing
 * returned and nothing returnable.
 */
export default function OrderReturns({ bookingId, orderNumber, lines = [] }: { bookingId: string; orderNumber: string; lines?: readonly CoreBookingLine[] }) {
  const query = useOrderReturns(bookingId);
  const [open, setOpen] = useState<ReturnKind | null>(null);
  if (query.isPending) return null;
  if (query.isError) {
    // Not the reader's to see (or no longer there): nothing, as the server answers.
    if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) return null;
    return (
      <section aria-labelledby="order-returns" className={css.section}>
        <h2 id="order-returns" className={css.title}>
          Returns
        </h2>
        <ErrorRetry message={`The returns could not be loaded. ${query.error.message}`} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  const { returns, returnable } = query.data;
  const offered = offeredLines(returnable);
  const cores = coreOffers(lines, returns);
  if (returns.length === 0 && offered.length === 0 && cores.length === 0) return null;
  return (
    <section aria-labelledby="order-returns" className={css.section} data-testid="order-returns">
      <div className={css.titleRow}>
        <h2 id="order-returns" className={css.title}>
          Returns
        </h2>
        <div className={css.titleActions}>
          {offered.length > 0 && (
            <Button variant="outlined" size="small" onClick={() => setOpen('parts')} onPointerEnter={preloadDialog} onFocus={preloadDialog}>
              Return parts
            </Button>
          )}
          {cores.length > 0 && (
            <Button variant="outlined" size="small" onClick={() => setOpen('cores')} onPointerEnter={preloadDialog} onFocus={preloadDialog}>
              Return cores
            </Button>
          )}
        </div>
      </div>
      {returns.length === 0 ? (
        <p className={css.muted}>
          {offered.length > 0
            ? 'Nothing from this order has been returned. A part that was wrong, not needed or faulty can go back: choose Return parts.'
            : 'Nothing from this order has been returned.'}
          {cores.length > 0 && ' Send the old units (cores) back for their deposit: choose Return cores.'}
        </p>
      ) : (
        <ol className={css.list}>
          {returns.map((r) => (
            <ReturnCard key={r.id} r={r} />
          ))}
        </ol>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReturnDialog bookingId={bookingId} orderNumber={orderNumber} returnable={returnable} cores={cores} kind={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
