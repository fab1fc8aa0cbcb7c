import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { canCancelShipment, canDeliverShipment } from '@fridgeparts/common/order-actions';
import { TRACKING_PAGES } from '@fridgeparts/common/shipping/shipments';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { CARRIER_NAMES } from '../../../lib/domain/shipping-words';
import ui from '../../../components/ui.module.css';
import { visuallyHidden } from '../../../components/visually-hidden';
import { dateFormat, shopCalendarDay, SHOP_LOCALE } from '../../../lib/domain/date-format';
import { useFileDownload } from '../../../lib/infra/use-file-download';
import type { TrackingPatch } from '../lib/tracking-form';
import css from './order-shipments.module.css';

// Only admins open it: the dialog, its fields and the schemas load when first wanted, as the Ship dialog's.
const TrackingDialog = lazy(() => import('./tracking-dialog'));
const preloadTrackingDialog = () => void import('./tracking-dialog');

const dayFormat = dateFormat(SHOP_LOCALE, { dateStyle: 'medium' });

function Day({ at }: { at: string }) {
  const d = new Date(at);
  return d.getTime() > 0 ? <time dateTime={at}>{dayFormat.format(d)}</time> : <span>date not recorded</span>;
}

const newTab = <span className={visuallyHidden}> (opens in a new tab)</span>;

/**
 * The tracking numbers, each a link to its carrier's page where the page is known (one link per
 * number); for freight and other carriers the numbers as text and the link the admin gave.
 */
function Tracking({ shipment }: { shipment: Shipment }) {
  const { trackingNumbers: numbers, trackingUrls: urls } = shipment;
  const perNumber = TRACKING_PAGES[shipment.carrier] !== undefined && urls.length === numbers.length;
  if (numbers.length === 0 && urls.length === 0) return <span className={css.muted}>no tracking number</span>;
  return (
    <ul className={css.tracking} data-testid="shipment-tracking">
      {perNumber
        ? numbers.map((n, i) => (
            <li key={n}>
              <a href={urls[i]} target="_blank" rel="noreferrer">
                {n}
                {newTab}
              </a>
            </li>
          ))
        : [
            ...numbers.map((n) => <li key={n}>{n}</li>),
            ...urls.map((u) => (
              <li key={u}>
                <a href={u} target="_blank" rel="noreferrer">
                  Tracking page
                  {newTab}
                </a>
              </li>
            )),
          ]}
    </ul>
  );
}

/** Downloads a shipment's packing slip (GET /booking/{id}/shipments/{sid}/document), with the ID token, as the order's PDF. */
function PackingSlipButton({ order, shipment, index }: { order: Booking; shipment: Shipment; index: number }) {
  const { busy, download } = useFileDownload();
  const number = order.orderNumber || order._id;
  return (
    <Button
      variant="text"
      size="small"
      onClick={() => void download(API.packingSlip(order._id, shipment.id), `${number}-shipment-${index + 1}.pdf`)}
      disabled={busy}
      aria-label={`Packing slip (PDF) of shipment ${index + 1}`}
    >
      {busy ? 'Preparing…' : 'Packing slip (PDF)'}
    </Button>
  );
}

/** The admin's Edit tracking (every shipment shown: none is cancelled), and Mark delivered and Cancel shipment for one not yet delivered. */
function ShipmentActions({
  shipment,
  index,
  onDeliver,
  onCancel,
  onEditTracking,
}: {
  shipment: Shipment;
  index: number;
  onDeliver: (s: Shipment) => Promise<void>;
  onCancel: (s: Shipment) => Promise<void>;
  onEditTracking: () => void;
}) {
  const [delivering, setDelivering] = useState(false);
  const deliver = () => {
    setDelivering(true);
    onDeliver(shipment)
      .catch(() => undefined) // the API client showed why
      .finally(() => setDelivering(false));
  };
  const units = shipment.lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        onClick={onEditTracking}
        onPointerEnter={preloadTrackingDialog}
        onFocus={preloadTrackingDialog}
        disabled={delivering}
        aria-label={`Edit tracking: shipment ${index + 1}`}
      >
        Edit tracking
      </Button>
      {canDeliverShipment(shipment) && (
        <Button variant="outlined" size="small" onClick={deliver} disabled={delivering} aria-label={`Mark delivered: shipment ${index + 1}`}>
          {delivering ? 'Saving…' : 'Mark delivered'}
        </Button>
      )}
      {canCancelShipment(shipment) && (
        <ConfirmButton
          size="small"
          question="Cancel this shipment?"
          cancelLabel="Keep it"
          confirmLabel="Cancel shipment"
          busyLabel="Cancelling…"
          onConfirm={() => onCancel(shipment)}
          doneMessage="Shipment cancelled: its units are left to ship again."
          details={`Shipment ${index + 1} (${units} ${units === 1 ? 'unit' : 'units'} by ${CARRIER_NAMES[shipment.carrier]}) is removed and its units are left to ship again. The buyer is not emailed.`}
          disabled={delivering}
          aria-label={`Cancel shipment ${index + 1}`}
        >
          Cancel shipment
        </ConfirmButton>
      )}
    </>
  );
}

/**
 * The order's shipments (CONTRACT §14, decision 0079): each with its date, carrier and service,
 * its lines, its tracking links (a new tab) and whether it arrived, and its packing slip; while
 * the order is partly shipped, how much of each line has gone. The admin corrects a shipment's
 * tracking (the Edit tracking dialog), records delivery and cancels a shipment not yet delivered
 * (confirmed first). Nothing before the first shipment.
 */
export function OrderShipments({
  order,
  admin,
  onDeliver,
  onCancel,
  onCorrectTracking,
}: {
  order: Booking;
  admin: boolean;
  onDeliver: (s: Shipment) => Promise<void>;
  onCancel: (s: Shipment) => Promise<void>;
  onCorrectTracking: (s: Shipment, patch: TrackingPatch) => Promise<Shipment>;
}) {
  // The shipment whose tracking is being edited, by id (the list is read again while it is open).
  const [editing, setEditing] = useState<string | null>(null);
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  const edited = editing === null ? undefined : shipments.find((s) => s.id === editing);
  const partly = order.lines.some((l) => l.shippedQuantity < l.quantity);
  return (
    <section aria-labelledby="order-shipments" className={css.section}>
      <h2 id="order-shipments" className={css.title}>
        Shipments
      </h2>
      {partly && (
        <ul className={css.progress} aria-label="Shipped so far" data-testid="shipped-progress">
          {order.lines.map((l, i) => (
            <li key={`${l.toolId}-${i}`}>
              <span className={css.name}>{l.name}</span>{' '}
              <span className={l.shippedQuantity >= l.quantity ? undefined : css.muted}>
                {l.shippedQuantity} of {l.quantity} shipped
              </span>
            </li>
          ))}
        </ul>
      )}
      <ol className={css.list}>
        {shipments.map((s, i) => (
          <li key={s.id} className={`${ui.paper} ${css.shipment}`} data-testid="shipment">
            <h3 className={css.heading}>
              Shipment {i + 1}: shipped <Day at={s.shippedAt} />
            </h3>
            <dl className={css.facts}>
              <div>
                <dt>Carrier</dt>
                <dd data-testid="shipment-carrier">
                  {CARRIER_NAMES[s.carrier]}
                  {s.service && <>, {s.service}</>}
                </dd>
              </div>
              <div>
                <dt>Tracking</dt>
                <dd>
                  <Tracking shipment={s} />
                </dd>
              </div>
              <div>
                <dt>Delivery</dt>
                <dd data-testid="shipment-delivery">
                  {s.deliveredAt ? (
                    <>
                      Delivered <Day at={s.deliveredAt} />
                    </>
                  ) : (
                    'In transit'
                  )}
                </dd>
              </div>
            </dl>
            <ul className={css.lines} aria-label={`In shipment ${i + 1}`}>
              {s.lines.map((l) => (
                <li key={l.lineId} data-testid="shipment-line">
                  <span className={css.quantity}>{l.quantity} ×</span> {l.name}
                  {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}
                </li>
              ))}
            </ul>
            <div className={css.actions} role="group" aria-label={`Shipment ${i + 1} actions`}>
              <PackingSlipButton order={order} shipment={s} index={i} />
              {admin && <ShipmentActions shipment={s} index={i} onDeliver={onDeliver} onCancel={onCancel} onEditTracking={() => setEditing(s.id)} />}
            </div>
          </li>
        ))}
      </ol>
      {edited && (
        <Suspense fallback={null}>
          <TrackingDialog shipment={edited} index={shipments.indexOf(edited)} onClose={() => setEditing(null)} onSave={onCorrectTracking} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * The order's backordered units (CONTRACT §14, decision 0080): per line, how many wait for stock
 * and the day they are expected; whether the order waits for them (ship complete) or ships what is
 * ready first. Nothing when no line waits.
 */
export function OrderBackorders({ order }: { order: Booking }) {
  const waiting = order.lines.filter((l) => (l.backorderedQuantity ?? 0) > 0);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="order-backorders" className={css.section} data-testid="order-backorders">
      <h2 id="order-backorders" className={css.title}>
        Backordered
      </h2>
      <p className={css.muted}>
        {order.shipComplete
          ? 'This order ships complete: it waits until every backordered part has arrived.'
          : 'What is in stock ships first; the backordered parts follow when they arrive.'}
      </p>
      <ul className={css.progress}>
        {waiting.map((l) => (
          <li key={l.toolId}>
            <span className={css.name}>{l.name}</span>{' '}
            <span>
              {l.backorderedQuantity} of {l.quantity} backordered{l.expectedOn ? `, expected ${shopCalendarDay(l.expectedOn)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
