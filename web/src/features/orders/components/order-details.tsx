import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Booking, BookingLine, BookingState } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { buttonClass, Button } from '../../../components/button';
import { ErrorRetry } from '../../../components/error-retry';
import { Notice } from '../../../components/notice';
import { OrderedAs, OrderLinesTable } from '../../../components/order-lines-table';
import { OrderAmounts, taxColumn } from '../../../components/order-amounts';
import { partsOf } from '../../../lib/domain/tax-words';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/infra/api-client';
import { paths } from '../../../lib/infra/paths';
import { countOf } from '../../../lib/domain/plural';
import { useAdmin } from '../../../lib/domain/use-admin';
import { usePageTitle } from '../../../lib/infra/use-page-title';
import { useSession } from '../../../lib/infra/session';
import { useOrder } from '../api/use-order';
import { canPay, canRefund, canShip, canVoidInvoice } from '@fridgeparts/common/order-actions';
import { RefundButton } from './refund-button';
import { VoidInvoiceButton } from './void-invoice-button';
import { OrderDocumentButton } from './order-document-button';
import { OrderBackorders, OrderShipments } from './order-shipments';
import { timelineOf } from '../lib/timeline';
import { EVENT_LABELS } from './order-labels';
import { stateView } from '@fridgeparts/common/order-state-view';
import css from './order-details.module.css';
import { Chip } from '../../../components/chip';
import { dateFormat, shopCalendarDay, SHOP_LOCALE, type DateFormat } from '../../../lib/domain/date-format';
import { onAccountPaymentText } from '../../../lib/domain/invoice-status-text';
import { CARRIER_NAMES, shippingAmountText } from '../../../lib/domain/shipping-words';
import { ADDRESS_NOT_VERIFIED } from '@fridgeparts/common/shipping/order';
import { CORE_DEPOSIT_LABEL } from '@fridgeparts/common/returns/returns';

// Only admins open it: the dialog, react-hook-form's fields and the schemas load when first wanted.
const ShipDialog = lazy(() => import('./ship-dialog'));
const preloadShipDialog = () => void import('./ship-dialog');

const timeFormat = dateFormat(SHOP_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = dateFormat(SHOP_LOCALE, { dateStyle: 'medium' });

/** A stored time in the reader's language and time zone; the machine-readable one in dateTime. */
function When({ at, format = timeFormat }: { at: string; format?: DateFormat }) {
  const d = new Date(at);
  if (!(d.getTime() > 0)) return <span className={css.muted}>time not recorded</span>;
  return <time dateTime={at}>{format.format(d)}</time>;
}

/** A line's cores as the server answers them (decision 0088): the day they are due back (null: none owed) and whether the deposit was kept. */
type CoreLine = BookingLine & { coresDueOn?: string | null; coresKept?: boolean };

/**
 * The item of an order line: its name, the number it was ordered by when not its own and, for a
 * part with a core deposit (decision 0088), the deposit, then the cores still owed and the day they
 * are due back, or that the deposit was kept.
 */
function LineItem({ line }: { line: CoreLine }) {
  if (!(line.coreDeposit > 0) && !line.resolvedFrom) return <>{line.name}</>;
  const cores = line.coresKept ? 'Core deposit kept' : line.coresOwed > 0 ? `Cores owed: ${line.coresOwed}` : null;
  return (
    <span className={css.item}>
      {line.name}
      <OrderedAs from={line.resolvedFrom} />
      {line.coreDeposit > 0 && (
        <span className={css.muted} data-testid="order-line-core-deposit">
          {CORE_DEPOSIT_LABEL}: {formatDollars(line.coreDeposit)}
        </span>
      )}
      {line.coreDeposit > 0 && cores && (
        <span data-testid="order-line-cores">
          {cores}
          {!line.coresKept && line.coresDueOn ? ` (return by ${shopCalendarDay(line.coresDueOn)})` : ''}
        </span>
      )}
    </span>
  );
}

/** What the Payment line says: whether the money came, and where it went since. */
function paymentText(state: BookingState, payment: Booking['payment']): string {
  // An order on account (decision 0058): where its invoice stands.
  if (payment) return onAccountPaymentText(payment.status);
  if (state === 'reserved') return 'Not paid yet';
  if (state === 'expired') return 'Not paid; the reservation was released';
  if (state === 'awaiting-approval') return 'Not payable until a company admin approves it';
  if (state === 'declined') return 'Not paid; a company admin declined the order';
  if (state === 'refunded') return 'Paid, then refunded in full';
  return 'Paid by card';
}

/**
 * An order confirmed on account (CONTRACT §10, decision 0063): where a buyer lands after placing
 * it. Paid on account (never "by card", decision 0076); the invoice's link once Stripe has issued it, and meanwhile that it
 * is being issued (the page reads the order again a few times: useOrder).
 */
function OnAccountStatus({ payment, stillIssuing }: { payment: NonNullable<Booking['payment']>; stillIssuing: boolean }) {
  const link = payment.hostedInvoiceUrl;
  return (
    <Notice severity="success" role="status" title="Confirmed on account">
      <p className={css.noticeText} data-testid="order-on-account">
        {link ? (
          <>
            Paid on account: your company pays the invoice
            {payment.dueDate && (
              <>
                {' '}
                by <When at={payment.dueDate} format={dayFormat} />
              </>
            )}
            .{' '}
            <a href={link} target="_blank" rel="noreferrer" data-testid="order-on-account-invoice">
              Open the invoice
            </a>
          </>
        ) : stillIssuing ? (
          'Paid on account: your company pays it by invoice. The invoice is still being issued: it will be emailed to you and shown here; reload this page in a few minutes.'
        ) : (
          'Paid on account: your company pays it by invoice. The invoice is being issued; its link appears here in a moment.'
        )}
      </p>
    </Notice>
  );
}

/** The title line while the order loads: the same box as the loaded one, so nothing below moves. */
function Loading() {
  return (
    <div className={css.page} aria-busy="true">
      <h1 className={`${ui.pageTitle} ${css.title}`}>
        Order <span className={`${ui.skeleton} ${css.numberSkeleton}`} />
      </h1>
      <p className={css.srOnly} role="status">
        Loading the order…
      </p>
    </div>
  );
}

function Unavailable({ error, retry }: { error: Error; retry: () => void }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <div className={css.page}>
      <h1 className={`${ui.pageTitle} ${css.title}`}>Order</h1>
      {missing ? (
        <Notice severity="warning" role="alert" title="Order not found">
          <p className={css.noticeText}>There is no such order in your account. It may have been cancelled, or it belongs to someone else.</p>
          <RouterLink to={paths.myOrders}>Back to My Orders</RouterLink>
        </Notice>
      ) : (
        <ErrorRetry message={`The order could not be loaded. ${error.message}`} onRetry={retry} />
      )}
    </div>
  );
}

/**
 * The order page (CONTRACT §8): an order's lines and total, PO number, contact, payment and its
 * timeline, for its owner and for admins (anyone else is told there is no such order, as the
 * server answers). The owner pays a reservation from here; an admin ships a paid or on-account
 * order in one or more shipments (the Ship dialog, CONTRACT §14) and records their delivery, refunds a card payment and voids an on-account order's invoice (each confirmed first where
 * it can not be undone), with the requests and the confirmations of Manage All Orders. `after`
 * is what the page composes under the order (the returns' section, another feature's).
 */
export function OrderDetails({ id, after }: { id: string; after?: (order: Booking) => ReactNode }) {
  const view = useOrder(id);
  const { user } = useSession();
  const { admin, loading: roleLoading } = useAdmin();
  const [shipOpen, setShipOpen] = useState(false);
  const order = view.order;
  usePageTitle(order?.orderNumber ? `Order ${order.orderNumber}` : 'Order');

  if (!order) {
    if (view.error) return <Unavailable error={view.error} retry={view.retry} />;
    return <Loading />;
  }
  // The buyer's line and the admin's actions appear with the order, not after it (nothing moves).
  if (roleLoading) return <Loading />;

  const state = order.state;
  const owned = !!user && user.email.toLowerCase() === order.email.toLowerCase();
  const number = order.orderNumber || order._id;
  const { lines } = order;
  // CONTRACT §15: the sales tax kept with the order (each line's by its index); none before tax was charged.
  const tax = order.tax ?? null;
  const timeline = timelineOf(order);

  return (
    <div className={css.page}>
      <h1 className={`${ui.pageTitle} ${css.title}`}>
        Order{' '}
        <span className={css.number} data-testid="order-page-number">
          {number}
        </span>
      </h1>
      <div className={css.headline}>
        <Chip tone={stateView(state).tone} data-testid="order-state">
          {stateView(state).label}
        </Chip>
        <span className={css.muted}>
          Placed <When at={order.createdAt} format={dayFormat} />
        </span>
      </div>

      {order.replacementFor && (
        // Decision 0087: a warranty replacement, sent at no charge for the claim it names.
        <Notice severity="info" role="status" title={`Warranty replacement for ${order.replacementFor.rmaNumber}`}>
          <p className={css.noticeText} data-testid="order-replacement-for">
            Warranty replacement for {order.replacementFor.rmaNumber}: sent at no charge.{' '}
            <RouterLink to={paths.order(order.replacementFor.bookingId)}>See the original order</RouterLink>.
          </p>
        </Notice>
      )}
      {owned && state === 'awaiting-approval' && (
        // Where the buyer lands after a checkout over their spending limit (CONTRACT §10): no Pay
        // button (the server would refuse it, 409) and why.
        <Notice severity="info" role="status" title="Waiting for approval by your company admin">
          <p className={css.noticeText} data-testid="order-awaiting-approval">
            This order is over your spending limit, so a company admin of yours approves it first. We email you when they decide; this page then says how it is
            paid.
          </p>
        </Notice>
      )}
      {!owned && state === 'awaiting-approval' && (
        // A company admin reading a colleague's order (decision 0061): where to decide it.
        <Notice severity="info" role="note" title="Waiting for approval">
          <p className={css.noticeText}>
            This order is over its buyer&rsquo;s spending limit. A company admin approves or declines it on the{' '}
            <RouterLink to={paths.companyApprovals}>Approvals</RouterLink> page.
          </p>
        </Notice>
      )}
      {order.approval?.decision === 'declined' && (
        <Notice severity="warning" role="note" title={`Declined by ${order.approval.decidedBy?.email ?? 'a company admin'}`}>
          <p className={css.noticeText} data-testid="order-declined">
            {order.approval.note ? <>&ldquo;{order.approval.note}&rdquo; </> : null}
            The order will not be shipped, and its stock is released.
          </p>
        </Notice>
      )}
      {state === 'confirmed' && order.payment && <OnAccountStatus payment={order.payment} stillIssuing={view.invoiceLate} />}
      <div className={css.actions} role="group" aria-label="Order actions">
        {owned && canPay(order) && (
          <RouterLink to={paths.payment(order._id)} className={buttonClass({ variant: 'contained', size: 'small' })}>
            Pay {formatDollars(order.total)}
          </RouterLink>
        )}
        <OrderDocumentButton booking={order} />
        {admin && canShip(order) && (
          <Button variant="accent" size="small" onClick={() => setShipOpen(true)} onPointerEnter={preloadShipDialog} onFocus={preloadShipDialog}>
            Ship…
          </Button>
        )}
        {/* An order on account is stopped by voiding its invoice, which releases it (decision 0066). */}
        {admin && canVoidInvoice(order) && <VoidInvoiceButton size="small" order={order} onConfirm={view.voidInvoice} disabled={view.shipping} />}
        {/* A refund goes back through the card provider, so it needs the recorded payment. */}
        {admin && canRefund(order) && <RefundButton size="small" order={order} onConfirm={view.refund} disabled={view.shipping} />}
      </div>

      <div className={css.facts}>
        <section className={`${ui.paper} ${css.box}`} aria-labelledby="order-delivery">
          <h2 id="order-delivery" className={css.boxTitle}>
            Delivery
          </h2>
          <dl className={css.list}>
            {(admin || !owned) && (
              <div>
                <dt>Buyer</dt>
                <dd data-testid="order-buyer">
                  {order.userName} <span className={css.breakAnywhere}>({order.email})</span>
                </dd>
              </div>
            )}
            <div>
              <dt>PO number</dt>
              <dd data-testid="order-po">{order.poNumber ?? <span className={css.muted}>none</span>}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{order.phone}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd className={css.address}>
                {order.address}
                {order.shipping && !order.shippingAddress && (
                  <span className={css.muted} data-testid="order-address-unverified">
                    {' '}
                    ({ADDRESS_NOT_VERIFIED})
                  </span>
                )}
              </dd>
            </div>
            {order.shipping && (
              <div>
                <dt>Shipping</dt>
                <dd data-testid="order-shipping">
                  {order.shipping.name} · {CARRIER_NAMES[order.shipping.carrier]} · {shippingAmountText(order.shipping.amount)}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section className={`${ui.paper} ${css.box}`} aria-labelledby="order-payment">
          <h2 id="order-payment" className={css.boxTitle}>
            Payment
          </h2>
          <dl className={css.list}>
            <div>
              <dt>Total</dt>
              <dd className={css.strong}>{formatDollars(order.total)}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd data-testid="order-payment-state">{paymentText(state, order.payment)}</dd>
            </div>
            {order.payment?.hostedInvoiceUrl && (
              <div>
                <dt>Invoice</dt>
                <dd data-testid="order-invoice">
                  <a href={order.payment.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                    {/* Paid or voided, there is nothing left to pay on it: only to read. */}
                    {order.payment.status === 'paid' || order.payment.status === 'void' ? 'View the invoice' : 'View and pay the invoice'}
                  </a>
                  {order.payment.dueDate && (
                    <>
                      {', due '}
                      <When at={order.payment.dueDate} format={dayFormat} />
                    </>
                  )}
                </dd>
              </div>
            )}
            {order.approval?.decision === 'approved' && (
              <div>
                <dt>Approval</dt>
                <dd data-testid="order-approval">
                  Approved by <span className={css.breakAnywhere}>{order.approval.decidedBy?.email ?? 'a company admin'}</span>
                  {order.approval.decidedAt && (
                    <>
                      {' '}
                      <When at={order.approval.decidedAt} format={dayFormat} />
                    </>
                  )}
                  {order.approval.note && <>: &ldquo;{order.approval.note}&rdquo;</>}
                </dd>
              </div>
            )}
            {order.payment ? (
              // On account there is no card transaction: the invoice's number is what a bank remittance quotes.
              <div>
                <dt>Invoice number</dt>
                <dd className={css.breakAnywhere} data-testid="order-invoice-number">
                  {order.payment.number ?? <span className={css.muted}>not issued yet</span>}
                </dd>
              </div>
            ) : (
              <div>
                <dt>Transaction id</dt>
                <dd className={css.breakAnywhere} data-testid="transaction-id">
                  {order.transactionId ?? <span className={css.muted}>none yet</span>}
                </dd>
              </div>
            )}
          </dl>
        </section>
      </div>

      <section aria-labelledby="order-lines" className={css.section}>
        <h2 id="order-lines" className={css.sectionTitle}>
          {countOf(lines.length, 'line')}
        </h2>
        <OrderLinesTable
          caption={`Lines of order ${number}`}
          lines={lines}
          rowKey={(l) => `${l.toolId}-${lines.indexOf(l)}`}
          rowTestId="order-line"
          cells={{ name: (l) => <LineItem line={l} /> }}
          after={tax ? [taxColumn(tax, (_l, i) => String(i))] : []}
        />
        <div className={css.total}>
          <OrderAmounts
            parts={partsOf(order.total, order.shipping?.amount ?? 0, tax?.amount ?? 0)}
            shipping={order.shipping?.amount ?? null}
            noShipping={!order.shipping}
            tax={tax}
            noTax={!tax}
            total={order.total}
            testId="order-total"
            end
          />
        </div>
      </section>

      <OrderBackorders order={order} />
      <OrderShipments order={order} admin={admin} onDeliver={view.deliver} onCancel={view.cancelShipment} onCorrectTracking={view.correctTracking} />

      <section aria-labelledby="order-timeline" className={css.section}>
        <h2 id="order-timeline" className={css.sectionTitle}>
          Timeline
        </h2>
        <ol className={css.timeline} data-testid="order-timeline">
          {timeline.map((e) => (
            <li key={e.type} data-event={e.type}>
              <span className={css.event}>{EVENT_LABELS[e.type]}</span>
              {e.at ? <When at={e.at} /> : <span className={css.muted}>time not recorded</span>}
              {e.by && <span className={css.muted}>by {e.by}</span>}
            </li>
          ))}
        </ol>
      </section>
      {/* What the page adds under the order (its returns, CONTRACT §16): last, so nothing above moves when it loads. */}
      {after?.(order)}
      {shipOpen && (
        <Suspense fallback={null}>
          <ShipDialog order={order} onClose={() => setShipOpen(false)} onShip={view.ship} />
        </Suspense>
      )}
    </div>
  );
}
