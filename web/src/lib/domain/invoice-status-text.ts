import type { InvoicePaymentStatus } from '@fridgeparts/common/invoice';

/**
 * An invoice's status in words, written once (decisions 0058, 0063): the invoices table's status
 * chip says the label; the company's orders and the order page say it of an order on account.
 * Here in lib/ because the invoices and the orders features (which do not import each other) both
 * show it.
 */
export const INVOICE_STATUS_LABELS: Record<InvoicePaymentStatus, string> = {
  pending: 'Being issued',
  open: 'Open',
  paid: 'Paid',
  void: 'Voided',
  uncollectible: 'Uncollectible',
};

/**
 * "invoice open", or with the invoice's number once Stripe gave it ("invoice NW-0007 open"): the
 * status after the order's state (the company's orders list), the number being what a bank
 * remittance quotes.
 */
export const invoiceStatusPhrase = (status: InvoicePaymentStatus, number: string | null = null): string =>
  `invoice ${number ? `${number} ` : ''}${INVOICE_STATUS_LABELS[status].toLowerCase()}`;

/** The order page's Payment line is a sentence of its own, and says two statuses more fully. */
const PAYMENT_LINE_WORDING: Partial<Record<InvoicePaymentStatus, string>> = {
  pending: 'the invoice is being issued',
  uncollectible: 'invoice marked uncollectible',
};

/** "On account; invoice open": the order page's Payment line for an order on account. */
export const onAccountPaymentText = (status: InvoicePaymentStatus): string => `On account; ${PAYMENT_LINE_WORDING[status] ?? invoiceStatusPhrase(status)}`;
