// The companies' part of `npm run bench:soak` (CONTRACT §10, decision 0064): beside the soak's card
// buyers, a Net 30 company and a card-terms company, each with two company admins and buyers with
// spending limits, contract prices on some tools. Buyers order through the cart and quick order
// (ship-to ids), under and over their limits; the admins approve and decline at once, sometimes
// racing two decisions on one order; the Net 30 company's orders pass its credit limit now and then
// (409); the shop's office pays the open invoices at the Stripe double (`/pay` out of band, or a
// bank transfer), voids some, marks some uncollectible, ships some, and sends some `invoice.paid`
// events again (the same event twice at once, and the same news under a new event id). After the
// traffic one sweep runs as if every hold had run out (expiring what waits and issuing any invoice
// still pending), and `books()` checks that the companies' money and invoices add up (the soak's
// own stock and email checks cover the company orders too; soak.mjs).
// Everything goes through Hosting as browsers and Stripe do, except the office's Stripe calls
// (made at the double, as the Stripe Dashboard would) and the final sweep (the scheduled function's
// code, run here with its `now` parameter, as the API tests run it).
import Stripe from 'stripe';
import { unitPriceCentsFor } from '../../common/src/pricing.ts';

const WEBHOOK_SECRET = 'whsec_local_double';
const ADDRESS = { line1: '77 Soak Street', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const PHONE = '+1 555 010 2030';
/** The company orders' tools: a few lines of these stay around a buyer's limits (cents per minimal quantity). */
const COMPANY_TOOL_MAX_CENTS = 50_000;

/**
 * The companies: terms, credit limit in dollars (Net 30 only: low enough that orders pass it while
 * invoices wait to be paid), the buyers' spending limits in dollars (null: none), and the share of
 * the list price their contract prices take (with a break at twice the usual quantity on every
 * other priced tool).
 */
const COMPANIES = [
  { key: 'net30', name: 'Soak Net 30 Refrigeration', terms: 'net30', creditLimit: 4000, limits: [400, 1000, null], share: 0.85 },
  { key: 'card', name: 'Soak Card Service Co.', terms: 'card', creditLimit: undefined, limits: [500, null], share: 0.9 },
];

export function companySoak(ctx) {
  const { call, db, stripe, getAuth, actor, tools, quantityFor, running, rand, pick, sleep, pay, API, stripeOrigin, shopAdmin } = ctx;
  const counts = {
    orders: 0,
    confirmed: 0,
    waiting: 0,
    reserved: 0,
    creditRefused: 0,
    refused: 0,
    approved: 0,
    declined: 0,
    approvalCreditRefused: 0,
    decisionRaces: 0,
    cardPaid: 0,
    invoicesPaidOutOfBand: 0,
    bankTransfers: 0,
    voided: 0,
    uncollectible: 0,
    payVoidRaces: 0,
    replays: 0,
    shipped: 0,
  };
  const refusals = {};
  const raceProblems = [];
  const replayProblems = [];
  const latencies = { order: [], decide: [] };
  const companies = [];
  /** Every company order placed: id -> { company, buyer }. */
  const placed = new Map();
  // A discontinued tool is refused by name (400 naming its replacement): not what this part tests.
  const pool = tools.filter((t) => !t.replacedBy && t.priceCents * quantityFor(t) <= COMPANY_TOOL_MAX_CENTS);
  const toolById = new Map(tools.map((t) => [t.id, t]));
  const timed = async (list, fn) => {
    const started = Date.now();
    const res = await fn();
    list.push(Date.now() - started);
    return res;
  };
  /** An answer's message: the API's `{ error: { message } }`, or a network error's. */
  const messageOf = (res) => res.body?.error?.message ?? res.body?.message ?? res.error ?? '';
  const refused = (what, res) => {
    const message = messageOf(res);
    const key = `${what} ${res.status}${message ? `: ${String(message).slice(0, 90)}` : ''}`;
    refusals[key] = (refusals[key] ?? 0) + 1;
    counts.refused++;
  };

  async function person(label, i) {
    const email = `soak-${label}-${i}-${Date.now().toString(36)}@example.test`;
    await getAuth().createUser({ email, password: 'soak-password-1', displayName: `Soak ${label} ${i}`, emailVerified: true });
    return actor(email, 'soak-password-1');
  }

  /** The companies, their people (invited by the shop admin, joined by signing in) and their contract prices. */
  async function setup(buyersPerCompany) {
    if (pool.length < 4) throw new Error('soak: the seeded catalogue has too few cheap tools for the company buyers');
    const token = await shopAdmin.fresh();
    for (const spec of COMPANIES) {
      const made = await call('POST', API.companies, {
        token,
        body: {
          name: spec.name,
          billingAddress: ADDRESS,
          shipTo: [
            { label: 'Main shop', address: ADDRESS },
            { label: 'Van depot', address: { ...ADDRESS, line1: '9 Depot Road' } },
          ],
          terms: spec.terms,
          ...(spec.creditLimit === undefined ? {} : { creditLimit: spec.creditLimit }),
        },
      });
      if (made.status !== 201) throw new Error(`soak: the company ${spec.name} was not made: ${made.status} ${JSON.stringify(made.body)}`);
      const company = { ...spec, id: made.body._id, shipToIds: made.body.shipTo.map((s) => s.id), admins: [], buyers: [], prices: new Map() };
      const join = async (who, role, spendingLimit) => {
        const invited = await call('POST', API.companyInvitations(company.id), { token, body: { email: who.email, role, spendingLimit } });
        if (invited.status !== 201) throw new Error(`soak: ${who.email} was not invited: ${invited.status} ${JSON.stringify(invited.body)}`);
        const synced = await call('PUT', API.syncUser(who.email), { token: who.token });
        if (synced.status !== 200) throw new Error(`soak: ${who.email} did not join: ${synced.status}`);
        who.uid = (await getAuth().getUserByEmail(who.email)).uid;
      };
      for (let i = 0; i < 2; i++) {
        const a = await person(`${spec.key}-admin`, i);
        await join(a, 'company-admin', null);
        company.admins.push(a);
      }
      for (let i = 0; i < buyersPerCompany; i++) {
        const b = await person(`${spec.key}-buyer`, i);
        b.spendingLimit = spec.limits[i % spec.limits.length];
        await join(b, 'buyer', b.spendingLimit);
        company.buyers.push(b);
      }
      // Contract prices on every other tool of the pool, a break on every other of those.
      for (const [i, t] of pool.filter((_, i) => i % 2 === 0).entries()) {
        const priceCents = Math.max(1, Math.round(t.priceCents * spec.share));
        const breaks = i % 2 === 0 ? [{ minQuantity: quantityFor(t, 2), priceCents: Math.max(1, Math.round(priceCents * 0.9)) }] : [];
        const usable = breaks.every((b) => b.minQuantity > 1 && b.priceCents < priceCents);
        const body = { price: priceCents / 100, priceBreaks: usable ? breaks.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents / 100 })) : [] };
        const res = await call('PUT', API.companyPrice(company.id, t.id), { token, body });
        if (res.status !== 201) throw new Error(`soak: no contract price for ${t.id}: ${res.status} ${JSON.stringify(res.body)}`);
        company.prices.set(t.id, { priceCents, priceBreaks: usable ? breaks : [] });
      }
      companies.push(company);
    }
    const people = companies.reduce((n, c) => n + c.admins.length + c.buyers.length, 0);
    return `${companies.length} companies (${companies.map((c) => `${c.terms}${c.creditLimit ? ` credit $${c.creditLimit}` : ''}`).join(', ')}), ${people} people, ${companies[0].prices.size} contract prices each`;
  }

  /** The unit price a member of `company` is charged: the contract's table, else the tool's own with its breaks. */
  const expectedUnitCents = (company, toolId, quantity) => {
    const t = toolById.get(toolId);
    return unitPriceCentsFor(company.prices.get(toolId) ?? { priceCents: t.priceCents, priceBreaks: t.priceBreaks ?? [] }, quantity);
  };

  function linesFor() {
    const chosen = [...new Set(Array.from({ length: 1 + rand(3) }, () => pick(pool)))];
    return chosen.map((t) => ({ t, quantity: quantityFor(t, 1 + rand(3)) }));
  }

  async function placedOrder(company, buyer, res, what) {
    if (res.status === 409 && /credit limit/.test(messageOf(res))) return void counts.creditRefused++;
    if (res.status !== 201) return refused(what, res);
    counts.orders++;
    const order = res.body;
    placed.set(order._id, { company, buyer });
    if (order.state === 'confirmed') counts.confirmed++;
    else if (order.state === 'awaiting-approval') counts.waiting++;
    else if (order.state === 'reserved') {
      counts.reserved++;
      // A card company's order under the buyer's limit is paid by card, as any buyer's.
      if (Math.random() < 0.8 && (await pay(buyer, order._id))) counts.cardPaid++;
    }
  }

  async function buyerLoop(company, buyer) {
    while (running()) {
      try {
        const token = await buyer.fresh();
        const lines = linesFor();
        const shipToId = pick(company.shipToIds);
        const poNumber = `SOAK-${rand(1e6)}`;
        const r = Math.random();
        if (r < 0.45) {
          const put = await call('PUT', API.cart, { token, body: { lines: lines.map((l) => ({ toolId: l.t.id, quantity: l.quantity })) } });
          if (put.status !== 200) refused('cart', put);
          else
            await placedOrder(
              company,
              buyer,
              await timed(latencies.order, () => call('POST', API.checkout, { token, body: { phone: PHONE, shipToId, poNumber } })),
              'checkout',
            );
        } else if (r < 0.85) {
          const body = { lines: lines.map((l) => ({ partNumber: l.t.partNumber, quantity: l.quantity })), phone: PHONE, shipToId, poNumber };
          await placedOrder(company, buyer, await timed(latencies.order, () => call('POST', API.quickOrder, { token, body })), 'quick order');
        } else if (r < 0.92) {
          const [l] = lines;
          const body = { toolId: l.t.id, quantity: l.quantity, phone: PHONE, address: '12 Frost Lane, Springfield' };
          await placedOrder(company, buyer, await timed(latencies.order, () => call('POST', API.booking, { token, body })), 'booking');
        } else if (r < 0.96) {
          await call(
            'GET',
            `${API.myPrices}?toolIds=${pool
              .slice(0, 8)
              .map((t) => t.id)
              .join(',')}`,
            { token },
          );
        } else await call('GET', API.myCompany, { token });
      } catch (err) {
        console.error(`soak: a company buyer's step failed: ${err.message}`);
        await sleep(500);
      }
      await sleep(100 + rand(300));
    }
  }

  const decide = async (by, id, decision) =>
    timed(latencies.decide, async () =>
      call('POST', decision === 'approve' ? API.approveBooking(id) : API.declineBooking(id), {
        token: await by.fresh(),
        body: decision === 'approve' ? { note: 'Soak: approved' } : { note: 'Soak: not this month' },
      }),
    );

  function decided(res, decision) {
    if (res.status === 200) {
      counts[decision === 'approve' ? 'approved' : 'declined']++;
      return true;
    }
    if (res.status === 409 && /credit limit/.test(messageOf(res))) counts.approvalCreditRefused++;
    else if (res.status !== 409) refused(decision, res);
    return false;
  }

  /** After an approval: a card company's buyer pays the order now reserved, as they would from the approved email. */
  async function afterApproval(company, id, res) {
    const who = placed.get(id)?.buyer;
    if (company.terms === 'card' && who && res.body?.state === 'reserved' && Math.random() < 0.8 && (await pay(who, id))) counts.cardPaid++;
  }

  async function adminLoop(company, me, other) {
    while (running()) {
      try {
        const list = await call('GET', `${API.companyApprovals(company.id)}?limit=20`, { token: await me.fresh() });
        const waiting = Array.isArray(list.body) ? list.body : [];
        for (const order of waiting.sort(() => Math.random() - 0.5).slice(0, 4)) {
          if (!running()) break;
          const id = order._id;
          const r = Math.random();
          if (r < 0.25) {
            // Two decisions on one order at once, by the two admins: at most one takes effect, the other is 409.
            counts.decisionRaces++;
            const second = Math.random() < 0.5 ? 'approve' : 'decline';
            const [a, b] = await Promise.all([decide(me, id, 'approve'), decide(other, id, second)]);
            const wins = [a, b].filter((x) => x.status === 200).length;
            if (wins > 1 || [a, b].some((x) => x.status !== 200 && x.status !== 409)) raceProblems.push(`${id}: approve ${a.status} / ${second} ${b.status}`);
            decided(a, 'approve');
            decided(b, second);
            if (a.status === 200) await afterApproval(company, id, a);
            if (b.status === 200 && second === 'approve') await afterApproval(company, id, b);
          } else if (r < 0.8) {
            const res = await decide(me, id, 'approve');
            if (decided(res, 'approve')) await afterApproval(company, id, res);
          } else decided(await decide(me, id, 'decline'), 'decline');
        }
        if (Math.random() < 0.2) await call('GET', `${API.companyOrders(company.id)}?limit=20`, { token: await me.fresh() });
      } catch (err) {
        console.error(`soak: a company admin's step failed: ${err.message}`);
      }
      await sleep(400 + rand(800));
    }
  }

  /** Sends the double's own `invoice.paid` event for `invoiceId` again: twice at once, and once more under a new id. */
  async function replayPaid(invoiceId) {
    const log = await (await fetch(`${stripeOrigin}/_double/events?object=${invoiceId}&type=invoice.paid`)).json();
    const event = log.data?.[0]?.event;
    if (!event) return void replayProblems.push(`${invoiceId}: no invoice.paid event in the double's log`);
    counts.replays++;
    const send = (e) => {
      const payload = JSON.stringify(e);
      return call('POST', API.stripeWebhook, {
        raw: payload,
        headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      });
    };
    const answers = await Promise.all([send(event), send(event), send({ ...event, id: `${event.id}_again` })]);
    for (const a of answers) if (a.status !== 200) replayProblems.push(`${invoiceId}: a replayed invoice.paid answered ${a.status}`);
  }

  /** The shop's office: pays, voids and ships the Net 30 company's orders on account as their invoices come in. */
  async function officeLoop() {
    const net30 = companies.filter((c) => c.terms === 'net30');
    while (running()) {
      try {
        const token = await shopAdmin.fresh();
        for (const company of net30) {
          const status = Math.random() < 0.85 ? 'open' : 'uncollectible';
          const page = await call('GET', `${API.companyInvoices(company.id)}?status=${status}&limit=20`, { token });
          const rows = Array.isArray(page.body) ? page.body : [];
          for (const row of rows.sort(() => Math.random() - 0.5).slice(0, 5)) {
            if (!running()) break;
            if (!row.invoiceId) continue;
            const r = Math.random();
            const payOutOfBand = () => stripe.invoices.pay(row.invoiceId, { paid_out_of_band: true });
            const transfer = async () => {
              const res = await fetch(`${stripeOrigin}/_double/invoices/${row.invoiceId}/bank-transfer`, { method: 'POST' });
              if (!res.ok) throw new Error(`bank transfer ${res.status}`);
            };
            try {
              if (r < 0.3) {
                await payOutOfBand();
                counts.invoicesPaidOutOfBand++;
                if (Math.random() < 0.4) await replayPaid(row.invoiceId);
              } else if (r < 0.5) {
                await transfer();
                counts.bankTransfers++;
                if (Math.random() < 0.4) await replayPaid(row.invoiceId);
              } else if (r < 0.58) {
                await stripe.invoices.voidInvoice(row.invoiceId);
                counts.voided++;
              } else if (r < 0.63 && status === 'open') {
                await stripe.invoices.markUncollectible(row.invoiceId);
                counts.uncollectible++;
              } else if (r < 0.7) {
                // Paid and voided at once: Stripe takes one of them; the shop must follow that one.
                counts.payVoidRaces++;
                const [paid, voided] = await Promise.allSettled([payOutOfBand(), stripe.invoices.voidInvoice(row.invoiceId)]);
                if (paid.status === 'fulfilled') counts.invoicesPaidOutOfBand++;
                if (voided.status === 'fulfilled') counts.voided++;
              } else if (r < 0.8) {
                const shipped = await call('PATCH', API.markShipped(row.orderId), { token, body: { status: 'shipped' } });
                if (shipped.status === 200) counts.shipped++;
              }
            } catch {
              // The invoice moved meanwhile (paid, voided): Stripe refuses, as it would.
            }
          }
        }
      } catch (err) {
        console.error(`soak: the office's step failed: ${err.message}`);
      }
      await sleep(800 + rand(700));
    }
  }

  function loops() {
    const list = [officeLoop()];
    for (const c of companies) {
      for (const b of c.buyers) list.push(buyerLoop(c, b));
      list.push(adminLoop(c, c.admins[0], c.admins[1]), adminLoop(c, c.admins[1], c.admins[0]));
    }
    return list;
  }

  /**
   * After the traffic: the sweep as if every hold had run out (the schedule's code, in this
   * process), again until a run finds nothing it can release. Expires what still waits for an
   * approval or a card payment, and issues any invoice still pending.
   */
  async function sweepAtEnd() {
    const { sweepReservations } = await import('../../functions/src/services/sweep/reservation-sweep.ts');
    const { reservationHoldHours } = await import('../../functions/src/config.ts');
    const now = new Date(Date.now() + (reservationHoldHours() + 1) * 3_600_000);
    const total = { expired: 0, invoicesIssued: 0, errors: 0, runs: 0 };
    for (let run = 0; run < 30; run++) {
      const s = await sweepReservations({ now });
      total.runs++;
      total.expired += s.expired;
      total.invoicesIssued += s.invoicesIssued;
      total.errors += s.errors;
      if (s.expired === 0 && s.invoicesIssued === 0 && s.errors === 0) break;
    }
    return total;
  }

  async function invoicesOf(customerId) {
    const out = [];
    let startingAfter;
    for (;;) {
      const page = await stripe.invoices.list({ customer: customerId, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) });
      out.push(...page.data);
      if (!page.has_more || page.data.length === 0) return out;
      startingAfter = page.data.at(-1).id;
    }
  }

  /** Every credit note of a Stripe customer, newest first. */
  async function creditNotesOf(customerId) {
    const out = [];
    let startingAfter;
    for (;;) {
      const page = await stripe.creditNotes.list({ customer: customerId, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) });
      out.push(...page.data);
      if (!page.has_more || page.data.length === 0) return out;
      startingAfter = page.data.at(-1).id;
    }
  }

  /**
   * The companies' books, given every order on the books, the inbox (counted by outbox id) and every
   * return: returns [ok, what] pairs and the figures for the summary.
   */
  async function books(bookings, inbox, returns = []) {
    const checks = [];
    const ours = new Map(companies.map((c) => [c.id, c]));
    const orders = bookings.filter((b) => ours.has(b.companyId));
    const onAccount = orders.filter((b) => b.payment?.method === 'invoice');

    // Prices: every company order's lines at the contract price or the list price with breaks, and its total their sum.
    const priceProblems = [];
    for (const b of orders) {
      const c = ours.get(b.companyId);
      const lines = b.lines ?? [{ toolId: b.toolId, quantity: b.quantity, unitPriceCents: b.unitPriceCents }];
      let sum = 0;
      for (const l of lines) {
        const want = expectedUnitCents(c, l.toolId, l.quantity);
        if (l.unitPriceCents !== want) priceProblems.push(`${b.id} ${l.toolId} x${l.quantity}: ${l.unitPriceCents} cents, expected ${want}`);
        sum += want * l.quantity;
      }
      // The total is the lines, plus the shipping and the tax (CONTRACT §14, §15) when there are any.
      const extra = (b.shipping?.amountCents ?? 0) + (b.tax?.amountCents ?? 0);
      if (b.totalCents !== sum + extra)
        priceProblems.push(`${b.id}: total ${b.totalCents} cents, lines at the company's prices ${sum} + shipping and tax ${extra}`);
    }
    checks.push([
      priceProblems.length === 0,
      `company orders are priced at the contract or list price with breaks (${orders.length} orders${priceProblems.length ? `: ${priceProblems.slice(0, 3).join('; ')}` : ''})`,
    ]);

    // Invoices: exactly one per order on account, its amount the order's total, its status the order's.
    const invoiceProblems = [];
    const invoices = [];
    const notes = [];
    const companyDocs = new Map();
    for (const c of companies) {
      const doc = (await db.collection('companies').doc(c.id).get()).data();
      companyDocs.set(c.id, doc);
      if (c.terms === 'net30' && doc.stripeCustomerId) {
        invoices.push(...(await invoicesOf(doc.stripeCustomerId)).map((inv) => ({ ...inv, companyId: c.id })));
        notes.push(...(await creditNotesOf(doc.stripeCustomerId)).filter((n) => n.status === 'issued'));
      }
    }
    // Returns' credit notes (CONTRACT §16, issue 47), by invoice: their totals and what each took off the amount still due.
    const notesOf = new Map();
    for (const n of notes) notesOf.set(n.invoice, [...(notesOf.get(n.invoice) ?? []), n]);
    const creditedOf = (inv) => (notesOf.get(inv.id) ?? []).reduce((sum, n) => sum + n.total, 0);
    const prePaymentOf = (inv) => (notesOf.get(inv.id) ?? []).reduce((sum, n) => sum + n.pre_payment_amount, 0);
    const byBooking = new Map();
    for (const inv of invoices) {
      const id = inv.metadata?.bookingId;
      byBooking.set(id, [...(byBooking.get(id) ?? []), inv]);
    }
    const orderIds = new Set(onAccount.map((b) => b.id));
    for (const [id, list] of byBooking) if (!orderIds.has(id)) invoiceProblems.push(`${list.map((i) => i.id).join(', ')}: no order on account ${id}`);
    const pending = [];
    const stateProblems = [];
    for (const b of onAccount) {
      const list = byBooking.get(b.id) ?? [];
      if (b.payment.status === 'pending' || b.invoiceStatus === 'pending') pending.push(b.id);
      if (list.length !== 1) {
        invoiceProblems.push(`${b.id}: ${list.length} invoices`);
        continue;
      }
      const [inv] = list;
      if (inv.id !== b.payment.invoiceId) invoiceProblems.push(`${b.id}: records ${b.payment.invoiceId}, the invoice is ${inv.id}`);
      // A return's credit note takes what it credits off the amount due while the invoice is open (its pre-payment part).
      if (inv.total !== b.totalCents || inv.amount_due !== b.totalCents - prePaymentOf(inv))
        invoiceProblems.push(
          `${b.id}: invoice ${inv.total} cents (${inv.amount_due} due), order ${b.totalCents}, credited before payment ${prePaymentOf(inv)}`,
        );
      // Its tax is the order's (CONTRACT §15): Stripe's total_taxes, summed, against tax.amountCents.
      const invoiceTax = (inv.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
      if (invoiceTax !== (b.tax?.amountCents ?? 0)) invoiceProblems.push(`${b.id}: invoice tax ${invoiceTax} cents, order's ${b.tax?.amountCents ?? 0}`);
      if (inv.status !== b.payment.status || b.invoiceStatus !== b.payment.status)
        stateProblems.push(`${b.id}: invoice ${inv.status}, order's payment ${b.payment.status} (${b.invoiceStatus})`);
      const state = b.state;
      // The shop admin ships company orders too, in parts (decision 0079): a partly shipped,
      // shipped or delivered order keeps its goods whatever its invoice does; so does a returned one
      // (every unit shipped came back, CONTRACT §16: its credit notes are checked apart).
      const shipped = ['partially-shipped', 'shipped', 'delivered', 'returned'].includes(state);
      const fits =
        inv.status === 'paid'
          ? b.paid === true && (state === 'paid' || shipped)
          : inv.status === 'void'
            ? !b.paid && (state === 'expired' || shipped)
            : !b.paid && (state === 'confirmed' || shipped);
      if (!fits) stateProblems.push(`${b.id}: state ${state}, paid ${b.paid}, invoice ${inv.status}`);
    }
    checks.push([
      invoiceProblems.length === 0,
      `exactly one Stripe invoice per order on account, its amount the order's total and its tax the order's (${onAccount.length} orders, ${invoices.length} invoices${invoiceProblems.length ? `: ${invoiceProblems.slice(0, 3).join('; ')}` : ''})`,
    ]);
    checks.push([
      stateProblems.length === 0,
      `each order on account follows its invoice (paid, void, open, uncollectible)${stateProblems.length ? `: ${stateProblems.slice(0, 3).join('; ')}` : ''}`,
    ]);

    // Returns on account (issue 47): each return refunded by credit note has exactly one, at its
    // recorded total; no credit note is not a return's; an open invoice's total less its credit notes
    // is what the order still owes (its amount remaining, the order's total less what returns
    // credited), and each credit note's pre-payment part is recorded on its order once.
    const creditProblems = [];
    const byReturn = new Map();
    for (const n of notes) byReturn.set(n.metadata?.returnId ?? '', [...(byReturn.get(n.metadata?.returnId ?? '') ?? []), n]);
    const returnIds = new Set(returns.map((r) => r.id));
    for (const [rid, list] of byReturn)
      if (!returnIds.has(rid)) creditProblems.push(`${list.map((n) => n.id).join(', ')}: the credit note of no return (${rid || 'none'})`);
    const onAccountIds = new Set(onAccount.map((b) => b.id));
    const returnsOnAccount = returns.filter((r) => onAccountIds.has(r.bookingId));
    let creditedCents = 0;
    for (const r of returnsOnAccount) {
      const list = byReturn.get(r.id) ?? [];
      const want = r.refund?.method === 'credit-note' && r.refund.creditNoteId ? 1 : 0;
      if (list.length !== want) creditProblems.push(`${r.rmaNumber}: ${list.length} credit notes, ${want} expected (${r.state})`);
      else if (want === 1) {
        if (list[0].id !== r.refund.creditNoteId || list[0].total !== r.refund.totalCents)
          creditProblems.push(
            `${r.rmaNumber}: credit note ${list[0].id} of ${list[0].total} cents, the return records ${r.refund.creditNoteId} of ${r.refund.totalCents}`,
          );
        creditedCents += list[0].total;
      }
      if (r.refund && r.refund.method !== 'credit-note') creditProblems.push(`${r.rmaNumber}: an order on account refunded by ${r.refund.method}`);
    }
    const owedProblems = [];
    for (const b of onAccount) {
      const inv = invoices.find((i) => i.id === b.payment.invoiceId);
      if (!inv) continue;
      if ((b.returnCreditedCents ?? 0) !== prePaymentOf(inv))
        owedProblems.push(`${b.id}: records ${b.returnCreditedCents ?? 0} cents credited before payment, its credit notes ${prePaymentOf(inv)}`);
      if (inv.status === 'open' || inv.status === 'uncollectible') {
        const owes = inv.total - creditedOf(inv);
        if (owes !== inv.amount_remaining || owes !== b.totalCents - (b.returnCreditedCents ?? 0))
          owedProblems.push(
            `${b.id}: invoice ${inv.total} - credit notes ${creditedOf(inv)} = ${owes} cents, remaining ${inv.amount_remaining}, order owes ${b.totalCents - (b.returnCreditedCents ?? 0)}`,
          );
      }
    }
    checks.push([
      creditProblems.length === 0,
      `each return on account refunded by exactly one credit note at its recorded total (${returnsOnAccount.length} returns, ${notes.length} credit notes, ${creditedCents} cents${creditProblems.length ? `: ${creditProblems.slice(0, 3).join('; ')}` : ''})`,
    ]);
    checks.push([
      owedProblems.length === 0,
      `invoice total - credit notes = what the order still owes, each credit note taken off once${owedProblems.length ? `: ${owedProblems.slice(0, 3).join('; ')}` : ''}`,
    ]);
    checks.push([
      pending.length === 0,
      `no order is left pending an invoice after the sweep (${pending.length}${pending.length ? `: ${pending.slice(0, 3).join(', ')}` : ''})`,
    ]);

    // Credit: each company's open amount is its open and uncollectible invoices' totals less what
    // their credit notes took off before payment (each credit note once), in Firestore and in the API's answer.
    const openProblems = [];
    const token = await shopAdmin.fresh();
    for (const c of companies) {
      const owed = invoices
        .filter((i) => i.companyId === c.id && (i.status === 'open' || i.status === 'uncollectible'))
        .reduce((s, i) => s + i.total - prePaymentOf(i), 0);
      const doc = companyDocs.get(c.id);
      const answer = await call('GET', API.company(c.id), { token });
      const answered = Math.round((answer.body?.openInvoiceTotal ?? NaN) * 100);
      if (doc.openInvoiceCents !== owed || answered !== owed)
        openProblems.push(`${c.name}: openInvoiceCents ${doc.openInvoiceCents}, API ${answered}, invoices open less their credit notes ${owed}`);
      if (c.creditLimit !== undefined && doc.openInvoiceCents > c.creditLimit * 100)
        openProblems.push(`${c.name}: ${doc.openInvoiceCents} cents open, over its limit`);
      c.openCents = doc.openInvoiceCents;
    }
    checks.push([
      openProblems.length === 0,
      `each company's open invoice amount = its open and uncollectible invoices' totals less their credit notes${openProblems.length ? `: ${openProblems.join('; ')}` : ''}`,
    ]);

    // invoice.paid took effect once: one 'paid' email per paid order on account, replays and races included.
    const paidOnAccount = onAccount.filter((b) => b.payment.status === 'paid');
    const paidMail = paidOnAccount
      .filter((b) => inbox.byOutboxId.get(`${b.id}-paid`) !== 1)
      .map((b) => `${b.id}: ${inbox.byOutboxId.get(`${b.id}-paid`) ?? 0}`);
    checks.push([
      paidMail.length === 0,
      `each paid invoice took effect once: one 'paid' email per order (${paidOnAccount.length} paid${paidMail.length ? `; not once: ${paidMail.slice(0, 3).join(', ')}` : ''})`,
    ]);
    checks.push([
      replayProblems.length === 0,
      `replayed invoice.paid events are answered 200 (${counts.replays} replayed${replayProblems.length ? `: ${replayProblems.slice(0, 3).join('; ')}` : ''})`,
    ]);

    // Approvals: raced decisions, one winner; a decision's state; every approval email to the buyer and each admin.
    checks.push([
      raceProblems.length === 0,
      `two decisions on one order: at most one takes effect, the other 409 (${counts.decisionRaces} races${raceProblems.length ? `: ${raceProblems.slice(0, 3).join('; ')}` : ''})`,
    ]);
    const approvalProblems = [];
    const missingMail = [];
    for (const b of orders) {
      if (!b.approval) continue;
      const c = ours.get(b.companyId);
      const d = b.approval.decision;
      if (d === 'declined' && b.state !== 'declined') approvalProblems.push(`${b.id}: declined but ${b.state}`);
      if (d === null && b.state !== 'expired') approvalProblems.push(`${b.id}: undecided but ${b.state}`);
      if (d === 'approved' && ['awaiting-approval', 'declined'].includes(b.state)) approvalProblems.push(`${b.id}: approved but ${b.state}`);
      const kinds = ['awaiting-approval', ...(d ? [d] : [])];
      for (const k of kinds)
        for (const id of [`${b.id}-${k}`, ...c.admins.map((a) => `${b.id}-${k}-${a.uid}`)])
          if (inbox.byOutboxId.get(id) !== 1) missingMail.push(`${id} x${inbox.byOutboxId.get(id) ?? 0}`);
    }
    checks.push([
      approvalProblems.length === 0,
      `each decided order is in its decision's state${approvalProblems.length ? `: ${approvalProblems.slice(0, 3).join('; ')}` : ''}`,
    ]);
    checks.push([
      missingMail.length === 0,
      `one email per approval event to the buyer and each company admin${missingMail.length ? ` (${missingMail.length} not once: ${missingMail.slice(0, 3).join(', ')})` : ''}`,
    ]);

    const byState = {};
    for (const b of orders) byState[b.state] = (byState[b.state] ?? 0) + 1;
    const invoiceStates = {};
    for (const i of invoices) invoiceStates[i.status] = (invoiceStates[i.status] ?? 0) + 1;
    return { checks, byState, invoiceStates, orders: orders.length, onAccount: onAccount.length, creditNotes: notes.length, creditedCents };
  }

  const pct = (list, q) => {
    const s = [...list].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  };
  const summary = () => ({
    counts,
    refusals,
    latency: `orders p50 ${pct(latencies.order, 0.5)} ms p95 ${pct(latencies.order, 0.95)} ms (${latencies.order.length}); decisions p50 ${pct(latencies.decide, 0.5)} ms p95 ${pct(latencies.decide, 0.95)} ms (${latencies.decide.length})`,
  });

  return { setup, loops, sweepAtEnd, books, summary, companies, placed };
}
