// Credit notes in the double (CONTRACT §16, docs/decisions/0085-credit-notes-in-the-double.md):
// Stripe's `/v1/credit_notes` on the double's finalized invoices. A credit note lowers an open
// invoice's amount due (its pre-payment part) and, past what is still due or on a paid invoice,
// credits the customer's balance or records a credit outside Stripe (its post-payment part); its
// lines' tax is the invoice line's tax in proportion, rounded half away from zero as the double's tax
// is. Voiding gives every amount back. The shapes are Stripe's (credit-note-objects.mjs), held to
// fixtures3.json by tests/api/stripe-double-shapes.test.ts.
import { invalidRequest, missing } from './errors.mjs';
import { metadataOf, newId, now } from './store.mjs';
import { creditNoteLineObject, creditNoteObject } from './credit-note-objects.mjs';
import { LIST_PARAMS, allowOnly, decimalTimes, integerOf, page, stringOf } from './params.mjs';

const clone = (o) => structuredClone(o);
/** How many lines a credit note carries in `lines`; the rest are read with GET .../lines. */
const EMBEDDED_LINES = 10;
const REASONS = ['duplicate', 'fraudulent', 'order_change', 'product_unsatisfactory'];
const CREATE_PARAMS = ['invoice', 'lines', 'reason', 'memo', 'metadata', 'credit_amount', 'refund_amount', 'out_of_band_amount'];
const LINE_PARAMS = ['type', 'invoice_line_item', 'quantity', 'amount', 'unit_amount', 'description', 'metadata'];
const usd = (cents) => `$${(cents / 100).toFixed(2)}`;

/**
 * `part x whole / of`, in integers, rounded half away from zero (BigInt, so exact): a credited
 * amount's share of its invoice line's tax.
 */
export function proportionOf(whole, part, of) {
  if (of === 0) return 0;
  const num = BigInt(whole) * BigInt(part);
  const den = BigInt(of);
  const neg = num < 0n !== den < 0n;
  const a = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * a + d) / (2n * d);
  const cents = Number(q);
  return neg && cents !== 0 ? -cents : cents;
}

/**
 * `billing` is the billing store's `internals` (billing.mjs); `emit(type, object)` reports events;
 * `hostedBase()` is the double's own origin (the credit note's `pdf`).
 */
export function createCreditNotes({ billing, emit, hostedBase }) {
  /** Newest last. */
  const notes = new Map();
  /** credit note id -> its full list of lines. */
  const noteLines = new Map();
  /**
   * invoice line id -> what issued credit notes took of it: `{ amount, quantity, tax, by }`, `by`
   * 'amount' or 'quantity' (Stripe lets later credit notes credit a line only the way the first did).
   */
  const credited = new Map();
  /** invoice id -> true while it is paid only because its credit notes left nothing due. */
  const paidByCredit = new Set();
  /** invoice id -> how many credit notes it has had (the number's sequence). */
  const sequences = new Map();
  /** credit note id -> what it took of each invoice line (given back when it is voided). */
  const noteCredits = new Map();

  const note = (id) => {
    const cn = typeof id === 'string' ? notes.get(id) : undefined;
    if (!cn) throw missing('credit_note', id);
    return cn;
  };

  function present(cn) {
    const out = clone(cn);
    const all = noteLines.get(cn.id);
    out.lines.data = clone(all.slice(0, EMBEDDED_LINES));
    out.lines.has_more = all.length > EMBEDDED_LINES;
    return out;
  }

  /** The invoice's tax entries of a line, scaled to `amount` of its `lineAmount`, with the line's tax left `taxLeft`. */
  function scaledTaxes(line, amount, previous) {
    const lineTax = line.taxes.reduce((sum, t) => sum + t.amount, 0);
    const left = lineTax - previous;
    // The proportion, never beyond what earlier credit notes left of the line's tax.
    let tax = proportionOf(lineTax, amount, line.amount);
    if (tax > left) tax = left;
    let given = 0;
    return {
      tax,
      taxes: line.taxes.map((t, i) => {
        const share = i === line.taxes.length - 1 ? tax - given : Math.min(proportionOf(t.amount, amount, line.amount), tax - given);
        given += share;
        return { ...clone(t), amount: share, taxable_amount: t.taxable_amount ? amount : t.taxable_amount };
      }),
    };
  }

  /** One `lines[i]` read and priced against the invoice; nothing is stored. */
  function planLine(inv, raw, i, taken) {
    const at = (p) => `lines[${i}][${p}]`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid object', { param: `lines[${i}]` });
    allowOnly(raw, LINE_PARAMS, `lines[${i}]`);
    const metadata = raw.metadata === undefined ? {} : metadataOf(raw.metadata);
    if (raw.type === 'custom_line_item') {
      for (const p of ['invoice_line_item', 'amount']) {
        if (raw[p] !== undefined) throw invalidRequest(`${at(p)} is only valid when type is invoice_line_item.`, { param: at(p) });
      }
      const unit = integerOf(raw.unit_amount, at('unit_amount'), { min: 0 });
      if (unit === undefined) throw invalidRequest(`Missing required param: ${at('unit_amount')}.`, { code: 'parameter_missing', param: at('unit_amount') });
      const quantity = integerOf(raw.quantity, at('quantity'), { min: 1 }) ?? 1;
      const description = stringOf(raw.description, at('description'));
      if (!description) throw invalidRequest(`Missing required param: ${at('description')}.`, { code: 'parameter_missing', param: at('description') });
      return {
        type: 'custom_line_item',
        amount: decimalTimes(String(unit), quantity, at('unit_amount')).cents,
        quantity,
        unit,
        description,
        metadata,
        tax: 0,
        taxes: [],
      };
    }
    if (raw.type !== 'invoice_line_item') {
      if (raw.type === undefined) throw invalidRequest(`Missing required param: ${at('type')}.`, { code: 'parameter_missing', param: at('type') });
      throw invalidRequest(`Invalid ${at('type')}: must be one of invoice_line_item or custom_line_item`, { param: at('type') });
    }
    if (raw.unit_amount !== undefined) throw invalidRequest(`${at('unit_amount')} is only valid when type is custom_line_item.`, { param: at('unit_amount') });
    const id = stringOf(raw.invoice_line_item, at('invoice_line_item'));
    if (!id) throw invalidRequest(`Missing required param: ${at('invoice_line_item')}.`, { code: 'parameter_missing', param: at('invoice_line_item') });
    const line = billing.linesOf(inv.id).find((l) => l.id === id);
    if (!line) throw missing('invoice line item', id, at('invoice_line_item'));
    const quantity = integerOf(raw.quantity, at('quantity'), { min: 1 });
    const amount = integerOf(raw.amount, at('amount'), { min: 1 });
    if (quantity !== undefined && amount !== undefined)
      throw invalidRequest('You may only specify one of these parameters: amount, quantity.', { param: at('amount') });
    // What issued credit notes and the earlier lines of this one already took of the invoice line.
    const before = credited.get(id) ?? { amount: 0, quantity: 0, tax: 0, by: null };
    const here = taken.get(id) ?? { amount: 0, quantity: 0, tax: 0, by: null };
    const prior = { amount: before.amount + here.amount, quantity: before.quantity + here.quantity, tax: before.tax + here.tax, by: before.by ?? here.by };
    const by = amount !== undefined ? 'amount' : 'quantity';
    if (prior.by && prior.by !== by && (quantity !== undefined || amount !== undefined)) {
      throw invalidRequest(`The invoice line item ${id} was credited by ${prior.by} before: later credit notes can credit it only by ${prior.by}.`, {
        param: at(by),
      });
    }
    let credit;
    let creditQuantity;
    if (amount !== undefined) {
      credit = amount;
      creditQuantity = null;
      if (credit > line.amount - prior.amount) {
        throw invalidRequest(
          `The amount to credit (${usd(credit)}) is greater than what is left of the invoice line item ${id} (${usd(line.amount - prior.amount)}).`,
          { param: at('amount') },
        );
      }
    } else {
      // No quantity: the whole of what is left of the line (the double's reading; see its README).
      creditQuantity = quantity ?? line.quantity - prior.quantity;
      if (creditQuantity <= 0 || creditQuantity > line.quantity - prior.quantity) {
        throw invalidRequest(
          `The quantity to credit (${creditQuantity}) is greater than what is left of the invoice line item ${id} (${line.quantity - prior.quantity}).`,
          { param: at('quantity') },
        );
      }
      // The whole of what is left is exactly what is left (no rounding drift); a part, its quantity times the unit price.
      credit =
        creditQuantity === line.quantity - prior.quantity
          ? line.amount - prior.amount
          : decimalTimes(line.pricing.unit_amount_decimal, creditQuantity, at('quantity')).cents;
    }
    const { tax, taxes } = scaledTaxes(line, credit, prior.tax);
    taken.set(id, { amount: here.amount + credit, quantity: here.quantity + (creditQuantity ?? 0), tax: here.tax + tax, by: here.by ?? by });
    return {
      type: 'invoice_line_item',
      invoiceLineItem: id,
      amount: credit,
      quantity: creditQuantity ?? line.quantity,
      by,
      creditQuantity: creditQuantity ?? 0,
      description: line.description,
      metadata,
      tax,
      taxes,
    };
  }

  /** The invoice's taxes grouped as Stripe's `total_taxes` (by taxability reason and rate). */
  function totalTaxes(planned) {
    const groups = new Map();
    for (const t of planned.flatMap((p) => p.taxes)) {
      const key = `${t.taxability_reason} ${t.tax_rate_details?.tax_rate ?? ''}`;
      const g = groups.get(key) ?? { ...clone(t), amount: 0, taxable_amount: 0 };
      g.amount += t.amount;
      g.taxable_amount += t.taxable_amount ?? 0;
      groups.set(key, g);
    }
    return [...groups.values()];
  }

  /** Reads and checks a create (or preview): the credit note it would make, and what it would change. */
  function plan(params) {
    allowOnly(params, CREATE_PARAMS);
    if (params.invoice === undefined) throw invalidRequest('Missing required param: invoice.', { code: 'parameter_missing', param: 'invoice' });
    const inv = billing.invoice(params.invoice, 'invoice');
    if (inv.status !== 'open' && inv.status !== 'paid') {
      throw invalidRequest(`Credit notes can only be issued on open or paid invoices; this invoice is ${inv.status}.`, { param: 'invoice' });
    }
    if (params.reason !== undefined && !REASONS.includes(params.reason)) {
      throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, { param: 'reason' });
    }
    if (!Array.isArray(params.lines) || params.lines.length === 0) {
      throw invalidRequest('Missing required param: lines. (The Stripe double credits invoices by their lines only.)', {
        code: 'parameter_missing',
        param: 'lines',
      });
    }
    const taken = new Map();
    const planned = params.lines.map((raw, i) => planLine(inv, raw, i, taken));
    const subtotal = planned.reduce((sum, p) => sum + p.amount, 0);
    const tax = planned.reduce((sum, p) => sum + p.tax, 0);
    const total = subtotal + tax;
    if (total <= 0) throw invalidRequest('The credit note must credit a positive amount.', { param: 'lines' });
    const earlier = [...notes.values()].filter((cn) => cn.invoice === inv.id && cn.status === 'issued').reduce((sum, cn) => sum + cn.total, 0);
    const allowed = inv.total - earlier;
    if (total > allowed) {
      throw invalidRequest(
        `The credit note's total (${usd(total)}) is greater than the invoice's remaining creditable amount (${usd(allowed)}: its total ${usd(inv.total)} less ${usd(earlier)} of earlier credit notes).`,
        { param: 'lines' },
      );
    }
    // First what is still due (never below zero), then the rest after payment.
    const pre = inv.status === 'open' ? Math.min(total, inv.amount_remaining) : 0;
    const post = total - pre;
    const creditAmount = integerOf(params.credit_amount, 'credit_amount', { min: 0 });
    const refundAmount = integerOf(params.refund_amount, 'refund_amount', { min: 0 });
    const outOfBand = integerOf(params.out_of_band_amount, 'out_of_band_amount', { min: 0 });
    if (refundAmount) {
      throw invalidRequest(
        `The invoice ${inv.id} has no payment Stripe can refund: it was paid outside Stripe or by bank transfer. Give the post-payment amount as credit_amount or out_of_band_amount.`,
        { param: 'refund_amount' },
      );
    }
    const given = [creditAmount, refundAmount, outOfBand].some((x) => x !== undefined);
    const sum = (creditAmount ?? 0) + (refundAmount ?? 0) + (outOfBand ?? 0);
    if (given && sum !== post) {
      throw invalidRequest(
        `The sum of credit amount, refund amount and out of band amount (${usd(sum)}) must equal the credit note's post-payment amount (${usd(post)}).`,
        { param: creditAmount !== undefined ? 'credit_amount' : 'out_of_band_amount' },
      );
    }
    // Nothing said: what is past the amount due goes to the customer's balance.
    const credit = given ? (creditAmount ?? 0) : post;
    return {
      inv,
      planned,
      taken,
      subtotal,
      total,
      pre,
      post,
      credit,
      outOfBand: given ? (outOfBand ?? null) : null,
      reason: params.reason ?? null,
      memo: stringOf(params.memo, 'memo') ?? null,
      metadata: metadataOf(params.metadata),
    };
  }

  /** The credit note and its lines for a plan (a preview's too: the number it would have). */
  function build(p, id) {
    const created = now();
    const sequence = (sequences.get(p.inv.id) ?? 0) + 1;
    const lines = p.planned.map((l) =>
      creditNoteLineObject({
        id: newId('cnli'),
        type: l.type,
        invoiceLineItem: l.invoiceLineItem,
        amount: l.amount,
        quantity: l.quantity,
        unitAmount: l.type === 'custom_line_item' ? l.unit : null,
        description: l.description,
        metadata: l.metadata,
        taxes: l.taxes,
      }),
    );
    const cn = creditNoteObject({
      id,
      created,
      invoice: p.inv,
      number: `${p.inv.number}-CN-${String(sequence).padStart(2, '0')}`,
      pdf: `${hostedBase()}/_double/credit-notes/${id}/pdf`,
      subtotal: p.subtotal,
      total: p.total,
      totalTaxes: totalTaxes(p.planned),
      pre: p.pre,
      post: p.post,
      outOfBand: p.outOfBand,
      balanceTransaction: p.credit > 0 ? newId('cbtxn') : null,
      reason: p.reason,
      memo: p.memo,
      metadata: p.metadata,
    });
    return { cn, lines };
  }

  function createCreditNote(params) {
    const p = plan(params);
    const { cn, lines } = build(p, newId('cn'));
    const { inv } = p;
    sequences.set(inv.id, (sequences.get(inv.id) ?? 0) + 1);
    notes.set(cn.id, cn);
    noteLines.set(cn.id, lines);
    // What it took of each invoice line, for the next credit note's limits and tax.
    for (const [lineId, t] of p.taken) {
      const c = credited.get(lineId) ?? { amount: 0, quantity: 0, tax: 0, by: null };
      credited.set(lineId, { amount: c.amount + t.amount, quantity: c.quantity + t.quantity, tax: c.tax + t.tax, by: c.by ?? t.by });
    }
    noteCredits.set(cn.id, p.taken);
    inv.pre_payment_credit_notes_amount += p.pre;
    inv.post_payment_credit_notes_amount += p.post;
    inv.amount_due -= p.pre;
    inv.amount_remaining -= p.pre;
    if (p.credit > 0) billing.customerOf(inv.customer).balance -= p.credit;
    emit('credit_note.created', present(cn));
    // An open invoice its credit notes leave nothing due on is paid, as Stripe marks it.
    if (inv.status === 'open' && inv.amount_remaining === 0) {
      billing.markPaid(inv, { attempted: false });
      paidByCredit.add(inv.id);
      emit('invoice.paid', billing.present(inv));
    }
    return present(cn);
  }
  function previewCreditNote(params) {
    const p = plan(params);
    const { cn, lines } = build(p, newId('cn_preview'));
    return { ...cn, lines: { ...cn.lines, data: lines.slice(0, EMBEDDED_LINES), has_more: lines.length > EMBEDDED_LINES } };
  }

  function previewLines(params) {
    const { limit, starting_after, ending_before, ...rest } = params;
    const p = plan(rest);
    const { lines } = build(p, newId('cn_preview'));
    // The preview's line ids are new on every call: paging by them works within one answer only.
    return page(lines, { limit, starting_after, ending_before }, '/v1/credit_notes/preview/lines', 'credit_note_line_item');
  }

  function voidCreditNote(id, params) {
    allowOnly(params, []);
    const cn = note(id);
    if (cn.status === 'void') throw invalidRequest('This credit note has already been voided.');
    const inv = billing.invoice(cn.invoice, 'invoice');
    const paidInPart = inv.status === 'paid' && !paidByCredit.has(inv.id);
    if (cn.pre_payment_amount > 0 && paidInPart) {
      throw invalidRequest(
        `This credit note lowered what was due on invoice ${inv.id}, which has since been paid: it can no longer be voided. (The double's rule.)`,
      );
    }
    Object.assign(cn, { status: 'void', voided_at: now() });
    inv.pre_payment_credit_notes_amount -= cn.pre_payment_amount;
    inv.post_payment_credit_notes_amount -= cn.post_payment_amount;
    inv.amount_due += cn.pre_payment_amount;
    inv.amount_remaining += cn.pre_payment_amount;
    const creditAmount = cn.post_payment_amount - (cn.out_of_band_amount ?? 0);
    if (creditAmount > 0) billing.customerOf(cn.customer).balance += creditAmount;
    for (const [lineId, t] of noteCredits.get(cn.id)) {
      const c = credited.get(lineId);
      const left = { amount: c.amount - t.amount, quantity: c.quantity - t.quantity, tax: c.tax - t.tax, by: c.by };
      if (left.amount === 0 && left.quantity === 0) left.by = null;
      credited.set(lineId, left);
    }
    // An invoice paid only by its credit notes is open again once something is due.
    if (paidByCredit.has(inv.id) && inv.amount_remaining > 0) {
      paidByCredit.delete(inv.id);
      inv.status = 'open';
      inv.status_transitions.paid_at = null;
    }
    emit('credit_note.voided', present(cn));
    return present(cn);
  }

  function listCreditNotes(params) {
    allowOnly(params, [...LIST_PARAMS, 'invoice', 'customer']);
    const all = [...notes.values()]
      .reverse()
      .filter((cn) => (params.invoice === undefined || cn.invoice === params.invoice) && (params.customer === undefined || cn.customer === params.customer));
    const listed = page(all, params, '/v1/credit_notes', 'credit_note');
    return { ...listed, data: listed.data.map(present) };
  }

  function listLines(id, params) {
    allowOnly(params, LIST_PARAMS);
    const cn = note(id);
    return clone(page(noteLines.get(cn.id), params, `/v1/credit_notes/${cn.id}/lines`, 'credit_note_line_item'));
  }

  return {
    createCreditNote,
    previewCreditNote,
    previewLines,
    retrieveCreditNote: (id) => present(note(id)),
    listCreditNotes,
    listLines,
    voidCreditNote,
    /** For the PDF: the credit note with every line, or null. */
    hosted: (id) => {
      const cn = notes.get(id);
      return cn ? { ...clone(cn), lines: { ...clone(cn.lines), data: clone(noteLines.get(id)) } } : null;
    },
    stored: () => {
      const all = [...notes.values(), ...[...noteLines.values()].flat()];
      return { objects: all.length, bytes: all.reduce((sum, o) => sum + JSON.stringify(o).length, 0) };
    },
  };
}
