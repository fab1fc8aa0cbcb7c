import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/button';
import { CertificatePdfButton } from '../../../components/certificate-pdf-button';
import { Chip } from '../../../components/chip';
import { EmptyState, Table, type Column } from '../../../components/table';
import ui from '../../../components/ui.module.css';
import { addressLine } from '../../../lib/domain/address-line';
import { EXEMPTION_STATUS_VIEW, expiryText } from '../../../lib/domain/exemption-words';
import { notify } from '../../../lib/infra/toast';
import { useApproveExemption, useExemptionReview } from '../api/use-exemption-review';
import css from './exemptions-review.module.css';
import type { Exemption, ExemptionForReview } from '@fridgeparts/common/tax/exemption.answers';
import { dayWords, EXEMPTION_STORED_STATUSES, type ExemptionStoredStatus } from '@fridgeparts/common/tax/exemption';

// The reject dialog (its Modal, react-hook-form, and on the first check zod) loads with the first
// Reject; pointing at or focusing one starts the load.
const loadRejectDialog = () => import('./reject-dialog');
const preloadRejectDialog = () => void loadRejectDialog().catch(() => undefined);
const RejectDialog = lazy(loadRejectDialog);

const TABS: Record<ExemptionStoredStatus, { label: string; empty: string }> = {
  pending: { label: 'Waiting for review', empty: 'No certificates waiting for review' },
  approved: { label: 'Approved', empty: 'No approved certificates' },
  rejected: { label: 'Rejected', empty: 'No rejected certificates' },
};

const isStatus = (v: string | null): v is ExemptionStoredStatus => (EXEMPTION_STORED_STATUSES as readonly (string | null)[]).includes(v);

/** The tab shown, kept in the address (`?status=approved`) so a reload or a link opens the same one; pending by default. */
function useStatusParam(): [ExemptionStoredStatus, (s: ExemptionStoredStatus) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : 'pending';
  return [status, (s) => setParams(s === 'pending' ? {} : { status: s }, { replace: true })];
}

/**
 * The shop admin's review of tax exemption certificates (CONTRACT §15): tabs by status (waiting,
 * oldest first; approved and rejected, newest first), and per certificate its company, ship-to,
 * words, days, PDF, and Approve or Reject (a dialog asking why). An approved one can be revoked
 * (Reject); a rejected one is final here (the company uploads a new one).
 */
export function ExemptionsReview() {
  const [status, setStatus] = useStatusParam();
  const tabRefs = useRef<Partial<Record<ExemptionStoredStatus, HTMLButtonElement | null>>>({});

  // Arrow keys move between the tabs and choose the one they reach (the WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = EXEMPTION_STORED_STATUSES.indexOf(status);
    const n = EXEMPTION_STORED_STATUSES.length;
    const to = e.key === 'ArrowRight' ? (at + 1) % n : e.key === 'ArrowLeft' ? (at - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const next = EXEMPTION_STORED_STATUSES[to]!;
    setStatus(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label="Certificates by status" className={css.tabs}>
        {EXEMPTION_STORED_STATUSES.map((s) => (
          <button
            key={s}
            ref={(el) => void (tabRefs.current[s] = el)}
            type="button"
            role="tab"
            id={`exemptions-tab-${s}`}
            aria-selected={s === status}
            aria-controls="exemptions-panel"
            tabIndex={s === status ? 0 : -1}
            className={css.tab}
            onClick={() => setStatus(s)}
            onKeyDown={onTabKey}
          >
            {TABS[s].label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="exemptions-panel" aria-labelledby={`exemptions-tab-${status}`}>
        {/* Keyed by status: each tab's list and its busy rows are its own. */}
        <ExemptionsTable key={status} status={status} />
      </div>
    </>
  );
}

function ExemptionsTable({ status }: { status: ExemptionStoredStatus }) {
  const list = useExemptionReview(status);
  const approve = useApproveExemption(status);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ExemptionForReview | null>(null);

  const onApprove = (e: ExemptionForReview) => {
    setBusyId(e.id);
    approve
      .mutateAsync(e)
      .then((answer) => notify.success(`Approved: ${answer.words} for ${e.companyName}, ${e.shipToLabel}.`))
      .catch(() => undefined) // the API client showed why
      .finally(() => setBusyId(null));
  };
  const onRejected = (answer: Exemption) => {
    const was = rejecting;
    setRejecting(null);
    notify.success(`${status === 'pending' ? 'Rejected' : 'Revoked'}: ${answer.words}${was ? ` for ${was.companyName}, ${was.shipToLabel}` : ''}.`);
  };

  const columns: Column<ExemptionForReview>[] = [
    { id: 'company', header: 'Company', className: `${css.company} ${css.wrap}`, cell: (e) => e.companyName },
    {
      id: 'shipTo',
      header: 'Ship-to',
      className: `${css.shipTo} ${css.wrap}`,
      cell: (e) => (
        <div className={css.stack}>
          <span>{e.shipToLabel}</span>
          <span className={`${ui.caption} ${css.muted}`}>{addressLine(e.shipToAddress)}</span>
        </div>
      ),
    },
    {
      id: 'certificate',
      header: 'Certificate',
      className: css.wrap,
      cell: (e) => (
        <div className={css.stack}>
          <span data-testid="exemption-words">{e.words}</span>
          {status !== 'pending' && <Chip tone={EXEMPTION_STATUS_VIEW[e.status].tone}>{EXEMPTION_STATUS_VIEW[e.status].label}</Chip>}
          {e.reason && <span className={`${ui.caption} ${css.muted}`}>Reason: {e.reason}</span>}
        </div>
      ),
    },
    { id: 'signed', header: 'Signed', className: css.day, cell: (e) => dayWords(e.signedOn) },
    { id: 'expires', header: 'Expires', className: css.day, cell: (e) => expiryText(e.expiresOn) },
    { id: 'pdf', header: 'PDF', className: css.pdf, cell: (e) => <CertificatePdfButton exemption={e} /> },
  ];
  if (status !== 'rejected') {
    columns.push({
      id: 'actions',
      header: 'Review',
      stickyWidth: status === 'pending' ? 184 : 104,
      cell: (e) => (
        <div className={css.actions}>
          {status === 'pending' && (
            <Button
              variant="contained"
              size="small"
              onClick={() => onApprove(e)}
              disabled={busyId === e.id}
              aria-label={`Approve ${e.words} for ${e.companyName}, ${e.shipToLabel}`}
            >
              {busyId === e.id ? 'Approving…' : 'Approve'}
            </Button>
          )}
          <Button
            variant="danger"
            size="small"
            onClick={() => setRejecting(e)}
            onPointerEnter={preloadRejectDialog}
            onFocus={preloadRejectDialog}
            disabled={busyId === e.id}
            aria-label={`${status === 'pending' ? 'Reject' : 'Revoke'} ${e.words} for ${e.companyName}, ${e.shipToLabel}`}
          >
            {status === 'pending' ? 'Reject' : 'Revoke'}
          </Button>
        </div>
      ),
    });
  }

  return (
    <>
      <Table
        caption={`Tax exemption certificates: ${TABS[status].label.toLowerCase()}`}
        columns={columns}
        rows={list}
        paging={list}
        rowKey={(e) => e.id}
        rowTestId="exemption-row"
        minWidth={900}
        empty={<EmptyState title={TABS[status].empty} />}
      />
      {rejecting && (
        <Suspense fallback={null}>
          <RejectDialog exemption={rejecting} shownIn={status} onClose={() => setRejecting(null)} onRejected={onRejected} />
        </Suspense>
      )}
    </>
  );
}
