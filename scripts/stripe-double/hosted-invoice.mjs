// What the double serves at a finalized invoice's `hosted_invoice_url` and `invoice_pdf`, in place
// of Stripe's hosted invoice page (invoice.stripe.com) and its PDF: the invoice's number, status,
// custom fields (the PO number), lines, total and due date, so a person or a test following the
// shop's link sees the invoice the shop made. Nothing here takes a payment.

import { registrationOfTaxRate } from './tax.mjs';

const escape = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Integer cents as dollars, without floating point: 123456 -> $1,234.56. */
export function dollars(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const day = (seconds) => (seconds === null ? '-' : new Date(seconds * 1000).toISOString().slice(0, 10));

/** A line's unit price: whole cents as dollars, a fraction of a cent as the decimal Stripe keeps. */
function unitPrice(line) {
  const unit = line.pricing?.unit_amount_decimal ?? String(line.amount);
  return /^-?\d+$/.test(unit) ? dollars(Number(unit)) : `${unit} cents`;
}

const STATUS_TEXT = { open: 'Open: payment due', paid: 'Paid', void: 'Void: nothing to pay', uncollectible: 'Uncollectible' };

/**
 * The invoice's tax rows (automatic tax): "Sales tax (CA 7.25%)" and its amount per rate, "No sales
 * tax collected for OR" where the shop is not registered, "Exempt" for an exempt customer. Lines
 * that are not taxed for their product (shipping in CA, a nontaxable code) add no row of their own.
 */
export function taxRows(inv) {
  if (!inv.automatic_tax?.enabled) return [];
  const where = inv.customer_shipping?.address ?? inv.customer_address;
  const place = where?.state || where?.country || 'this address';
  const rows = [];
  for (const t of inv.total_taxes ?? []) {
    const reg = t.tax_rate_details ? registrationOfTaxRate(t.tax_rate_details.tax_rate) : null;
    if (t.taxability_reason === 'standard_rated' && reg) rows.push([`Sales tax (${reg.state} ${reg.percentage}%)`, dollars(t.amount)]);
    else if (t.taxability_reason === 'not_collecting') rows.push([`No sales tax collected for ${place}`, dollars(0)]);
    else if (t.taxability_reason === 'customer_exempt' || t.taxability_reason === 'reverse_charge') rows.push(['Sales tax', 'Exempt']);
  }
  return rows;
}

/** The rows both renderings show, as plain text pairs. */
function summary(inv) {
  return [
    ['Invoice number', inv.number],
    ['Status', STATUS_TEXT[inv.status] ?? inv.status],
    ['Billed to', [inv.customer_name, inv.customer_email].filter(Boolean).join(', ') || inv.customer],
    ...(inv.custom_fields ?? []).map((f) => [f.name, f.value]),
    ['Issued', day(inv.status_transitions.finalized_at)],
    ['Due', day(inv.due_date)],
    ...(inv.automatic_tax?.enabled ? [['Subtotal', dollars(inv.subtotal)], ...taxRows(inv)] : []),
    ['Total', dollars(inv.total)],
    ['Amount paid', dollars(inv.amount_paid)],
    ['Amount remaining', dollars(inv.amount_remaining)],
  ];
}

export function hostedInvoiceHtml(inv) {
  const rows = inv.lines.data
    .map(
      (l) =>
        `<tr><td>${escape(l.description)}</td><td class="num">${l.quantity}</td><td class="num">${escape(unitPrice(l))}</td><td class="num">${escape(dollars(l.amount))}</td></tr>`,
    )
    .join('\n');
  const facts = summary(inv)
    .map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escape(inv.number)} (test)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #767676; padding: 0.4rem; text-align: left; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.note { background: #fff4ce; border: 1px solid #8a6d00; padding: 0.5rem; }
</style>
</head>
<body>
<main>
<h1>Invoice ${escape(inv.number)}</h1>
<p class="note">Test invoice from the local Stripe double, standing in for Stripe's hosted invoice page. No payment can be made here.</p>
<dl>
${facts}
</dl>
<table>
<caption>Lines</caption>
<thead><tr><th scope="col">Description</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${[...(inv.automatic_tax?.enabled ? [['Subtotal', dollars(inv.subtotal)], ...taxRows(inv)] : []), ['Total', dollars(inv.total)]]
  .map(([k, v]) => `<tr><th scope="row" colspan="3">${escape(k)}</th><td class="num">${escape(v)}</td></tr>`)
  .join('\n')}
</tfoot>
</table>
</main>
</body>
</html>
`;
}

/** A one-page PDF 1.4 of the same facts, in Helvetica; text outside Latin-1 is replaced by '?'. */
export function hostedInvoicePdf(inv) {
  return textPdf([
    `Invoice ${inv.number} (test invoice from the local Stripe double)`,
    '',
    ...summary(inv).map(([k, v]) => `${k}: ${v}`),
    '',
    ...inv.lines.data.map((l) => `${l.quantity} x ${l.description ?? ''}  ${dollars(l.amount)}`),
  ]);
}

/** A credit note's PDF (its `pdf` URL): number, invoice, status, reason, lines, tax and total. */
export function creditNotePdf(cn) {
  const tax = cn.total - cn.subtotal;
  return textPdf([
    `Credit note ${cn.number} (test credit note from the local Stripe double)`,
    '',
    `Invoice: ${cn.invoice}`,
    `Status: ${cn.status === 'void' ? 'Void' : 'Issued'}`,
    `Reason: ${cn.reason ?? '-'}`,
    ...(cn.memo ? [`Memo: ${cn.memo}`] : []),
    '',
    ...cn.lines.data.map((l) => `${l.quantity ?? 1} x ${l.description ?? ''}  ${dollars(l.amount)}`),
    '',
    `Subtotal: ${dollars(cn.subtotal)}`,
    `Tax: ${dollars(tax)}`,
    `Total credited: ${dollars(cn.total)}`,
  ]);
}

/** One page of plain text lines as a PDF 1.4 in Helvetica. */
function textPdf(text) {
  const pdfString = (s) => `(${s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const stream = ['BT', '/F1 11 Tf', '14 TL', '50 790 Td', ...text.map((line) => `${pdfString(line)} '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
