import { logger } from 'firebase-functions';
import type { BookingDoc } from './data/firestore';

/**
 * Named log events (STYLE habit 7): one function per thing worth knowing in production, so logs
 * stay structured and searchable. Never log tokens, card data or full request bodies.
 */
export const logs = {
  unexpectedError(err: unknown, path: string, requestId?: string) {
    logger.error('api: unexpected error', {
      path,
      requestId,
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    });
  },
  tokenRejected(reason: string) {
    logger.info('api: token rejected', { reason });
  },
  shippingMethodChanged(id: string, change: 'created' | 'replaced' | 'deleted', by: string) {
    logger.info('shipping: method changed', { id, change, by });
  },
  orderCreated(bookingId: string, order: Pick<BookingDoc, 'orderNumber' | 'lines' | 'totalCents'>) {
    logger.info('booking: order created', { bookingId, orderNumber: order.orderNumber, lineCount: order.lines?.length, totalCents: order.totalCents });
  },
  bookingCancelled(bookingId: string, by: 'owner' | 'admin') {
    logger.info('booking: cancelled, stock returned', { bookingId, by });
  },
  paymentRecorded(bookingId: string, paymentIntentId: string, source: 'client' | 'webhook' | 'cancel') {
    logger.info('payment: recorded', { bookingId, paymentIntentId, source });
  },
  latePaymentRefunded(bookingId: string, paymentIntentId: string, source: 'client' | 'webhook' | 'cancel') {
    logger.warn('payment: arrived after release, stock gone, refunding', { bookingId, paymentIntentId, source });
  },
  lateRefundFailed(bookingId: string, err: unknown) {
    logger.error('payment: refund of a late payment failed, the sweep retries', { bookingId, error: err instanceof Error ? err.message : String(err) });
  },
  paymentRejected(bookingId: string, reason: string) {
    logger.warn('payment: rejected', { bookingId, reason });
  },
  returnRefunded(bookingId: string, returnId: string, method: 'card' | 'credit-note', totalCents: number) {
    logger.info('return: refunded', { bookingId, returnId, method, totalCents });
  },
  paymentRefunded(bookingId: string, paymentIntentId: string) {
    logger.info('payment: refunded, stock returned', { bookingId, paymentIntentId });
  },
  webhookApplied(eventId: string, type: string, bookingId: string | null, outcome: string) {
    logger.info('webhook: processed', { eventId, type, bookingId, outcome });
  },
  webhookIgnored(eventId: string, type: string, reason: string) {
    logger.info('webhook: ignored', { eventId, type, reason });
  },
  searchSnapshotBuilt(build: string, tools: number, chunks: number, ms: number) {
    logger.info('search: snapshot built', { build, tools, chunks, ms });
  },
  searchIndexLoaded(build: string, tools: number, chunksRead: number, ms: number) {
    logger.info('search: index loaded', { build, tools, chunksRead, ms });
  },
  searchWordsIndexed(build: string, tools: number, ms: number) {
    logger.info('search: word index built', { build, tools, ms });
  },
  searchStockRefreshFailed(error: unknown) {
    logger.warn('search: stock not carried into the snapshot, the next sweep tries again', { error: error instanceof Error ? error.message : String(error) });
  },
  searchRefreshFailed(error: unknown) {
    logger.warn('search: snapshot re-check failed, serving the index held', { error: error instanceof Error ? error.message : String(error) });
  },
  toolAdded(toolId: string, by: string) {
    logger.info('catalog: tool added', { toolId, by });
  },
  /** Buying as a company (decision 0055): a company made or edited, a person invited, joined, changed or removed. */
  companyChanged(companyId: string, change: string, by: string) {
    logger.info('company: changed', { companyId, change, by });
  },
  adminChanged(email: string, admin: boolean, by: string) {
    logger.info('admin: role changed', { email, admin, by });
  },
  mailSent(mailId: string, kind: string, messageId: string | null) {
    logger.info('mail: sent', { mailId, kind, messageId });
  },
  mailFailed(mailId: string, attempts: number, willRetry: boolean, error: unknown) {
    const fields = { mailId, attempts, willRetry, error: error instanceof Error ? error.message : String(error) };
    if (willRetry) logger.warn('mail: delivery failed, will retry', fields);
    else logger.error('mail: delivery failed, giving up', fields);
  },
  mailHeldWithoutSiteUrl(mailId: string) {
    logger.error('mail: not sent, SITE_URL is not set (set it and redeploy; queued mail then goes out)', { mailId });
  },
  mailDeliveryError(where: string, error: unknown) {
    logger.error('mail: delivery run failed', { where, error: error instanceof Error ? error.message : String(error) });
  },
  approvalDecided(bookingId: string, decision: 'approved' | 'declined', by: string) {
    logger.info('approvals: order decided', { bookingId, decision, by });
  },
  reservationExpired(bookingId: string, quantity: number) {
    logger.info('sweep: reservation expired, stock returned', { bookingId, quantity });
  },
  reservationKept(bookingId: string, reason: string) {
    logger.info('sweep: reservation kept', { bookingId, reason });
  },
  invoiceIssued(bookingId: string, invoiceId: string) {
    logger.info('invoice: issued for an order on account', { bookingId, invoiceId });
  },
  invoiceVoided(bookingId: string, invoiceId: string, outcome: string) {
    logger.info('invoice: voided by the shop admin', { bookingId, invoiceId, outcome });
  },
  invoiceFailed(bookingId: string, err: unknown) {
    logger.error('invoice: could not be issued yet, the next read or the sweep retries', {
      bookingId,
      error: err instanceof Error ? err.message : String(err),
    });
  },
  taxTransactionRecorded(bookingId: string, transactionId: string) {
    logger.info('tax: transaction recorded for a paid order', { bookingId, transactionId });
  },
  taxTransactionReversed(bookingId: string, transactionId: string, reversalId: string) {
    logger.info('tax: transaction reversed in full for a refunded order', { bookingId, transactionId, reversalId });
  },
  taxTransactionFailed(bookingId: string, err: unknown) {
    logger.error('tax: transaction could not be recorded yet, the sweep retries', {
      bookingId,
      error: err instanceof Error ? err.message : String(err),
    });
  },
  invoiceMismatch(bookingId: string, invoiceId: string, invoiceCents: number, orderCents: number) {
    logger.error('invoice: total differs from the order', { bookingId, invoiceId, invoiceCents, orderCents });
  },
  sweepFinished(summary: Record<string, number>) {
    logger.info('sweep: finished', summary);
  },
  sweepError(bookingId: string | null, error: unknown) {
    logger.error('sweep: failed', { bookingId, error: error instanceof Error ? error.message : String(error) });
  },
};
