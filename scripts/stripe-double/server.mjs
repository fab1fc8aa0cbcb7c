// The local Stripe test double (CONTRACT §5, docs/decisions/0015-payments-exactly-once.md): a
// stateful HTTP server speaking the part of Stripe's REST API the shop uses, so the function runs
// the real stripe SDK against it without keys or internet. Dev tooling only, never deployed.
//
//   node scripts/stripe-double/server.mjs     (npm start and the test tiers start it for you)
//
// Scope and differences from Stripe: scripts/stripe-double/README.md.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { liveHeapBytes } from '../lib/live-heap.mjs';
import Stripe from 'stripe';
import { decodeForm, fingerprint } from './form.mjs';
import { StripeDoubleError, invalidRequest, idempotencyError, missing, unauthorized } from './errors.mjs';
import { createStore, newId } from './store.mjs';
import { createDelivery } from './delivery.mjs';
import { createBilling } from './billing.mjs';
import { createCreditNotes } from './credit-notes.mjs';
import { createTax } from './tax-api.mjs';
import { creditNotePdf, hostedInvoiceHtml, hostedInvoicePdf } from './hosted-invoice.mjs';
import LOCAL_STACK from '../../common/src/local-stack.json' with { type: 'json' };

export const DOUBLE_DEFAULTS = {
  host: '127.0.0.1',
  port: LOCAL_STACK.ports.stripe,
  secretKey: 'sk_test_local_double',
  publishableKey: 'pk_test_local_double',
  webhookSecret: 'whsec_local_double',
  webhookUrl: `http://127.0.0.1:${LOCAL_STACK.ports.hosting}/stripe/webhook`,
  allowedOrigins: [`http://localhost:${LOCAL_STACK.ports.hosting}`, `http://127.0.0.1:${LOCAL_STACK.ports.hosting}`],
  retryDelaysMs: [500, 2000, 5000],
  webhookTimeoutMs: 10_000,
};

const MAX_BODY = 64 * 1024;
// The API version the bundled stripe SDK speaks; events carry it as Stripe's do.
const API_VERSION = new Stripe('sk_test_x').getApiField('version') ?? null;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(invalidRequest('Request body too large.'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The API key of a request: Bearer (stripe SDK, Stripe.js) or Basic with the key as user name. */
function apiKeyOf(req) {
  const h = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(h);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(h);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return null;
}

const mask = (key) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

export function createStripeDouble(options = {}) {
  const config = { ...DOUBLE_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  const log = options.log ?? ((line) => console.log(`[stripe-double] ${line}`));
  const delivery = createDelivery(config, log);
  let currentRequest = null;
  const emit = (type, object) => {
    delivery.send({
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      // Stripe's envelope for an event no API request caused (a transfer arriving).
      request: currentRequest ?? { id: null, idempotency_key: null },
      type,
    });
  };
  const store = createStore(emit);
  const billing = createBilling(emit, () => `http://${config.host}:${config.port}`);
  const creditNotes = createCreditNotes({ billing: billing.internals, emit, hostedBase: () => `http://${config.host}:${config.port}` });
  const tax = createTax({ customerLocation: (id) => billing.taxLocation(id, 'customer') });
  /** `${apiKey} ${Idempotency-Key}` -> { fingerprint, status, body } */
  const idempotent = new Map();

  function authenticate(req, route) {
    const key = apiKeyOf(req);
    if (!key)
      throw unauthorized(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    if (key === config.secretKey) return 'secret';
    if (key === config.publishableKey) {
      if (!route.publishable)
        throw unauthorized(
          'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        );
      return 'publishable';
    }
    throw unauthorized(`Invalid API Key provided: ${mask(key)}`);
  }

  /** A publishable key may only act on a PaymentIntent whose client_secret it presents (Stripe.js). */
  function checkClientSecret(id, params) {
    const pi = store.peekPaymentIntent(id);
    if (!pi) throw missing('payment_intent', id);
    if (typeof params.client_secret !== 'string' || params.client_secret !== pi.client_secret) {
      throw invalidRequest('The client_secret provided does not match any associated PaymentIntent on this account.', { param: 'client_secret' });
    }
  }

  const routes = [
    { method: 'POST', path: /^\/v1\/payment_intents$/, run: (_m, p) => store.createPaymentIntent(p) },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      publishable: true,
      run: (m, p, auth) => {
        if (auth === 'publishable') checkClientSecret(m[1], p);
        return store.retrievePaymentIntent(m[1]);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      run: (m, p, auth) => {
        if (auth === 'publishable') checkClientSecret(m[1], p);
        return store.confirmPaymentIntent(m[1], p);
      },
    },
    { method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, run: (m, p) => store.cancelPaymentIntent(m[1], p) },
    { method: 'POST', path: /^\/v1\/refunds$/, run: (_m, p) => store.createRefund(p) },
    { method: 'GET', path: /^\/v1\/refunds$/, run: (_m, p) => store.listRefunds(p) },
    { method: 'GET', path: /^\/v1\/refunds\/([^/]+)$/, run: (m) => store.retrieveRefund(m[1]) },
    { method: 'GET', path: /^\/v1\/charges\/([^/]+)$/, run: (m) => store.retrieveCharge(m[1]) },
    { method: 'POST', path: /^\/v1\/customers$/, run: (_m, p) => billing.createCustomer(p) },
    { method: 'GET', path: /^\/v1\/customers$/, run: (_m, p) => billing.listCustomers(p) },
    { method: 'GET', path: /^\/v1\/customers\/([^/]+)$/, run: (m) => billing.retrieveCustomer(m[1]) },
    { method: 'POST', path: /^\/v1\/customers\/([^/]+)$/, run: (m, p) => billing.updateCustomer(m[1], p) },
    { method: 'POST', path: /^\/v1\/invoiceitems$/, run: (_m, p) => billing.createInvoiceItem(p) },
    { method: 'GET', path: /^\/v1\/invoiceitems\/([^/]+)$/, run: (m) => billing.retrieveInvoiceItem(m[1]) },
    { method: 'POST', path: /^\/v1\/invoices$/, run: (_m, p) => billing.createInvoice(p) },
    { method: 'GET', path: /^\/v1\/invoices$/, run: (_m, p) => billing.listInvoices(p) },
    { method: 'GET', path: /^\/v1\/invoices\/([^/]+)$/, run: (m) => billing.retrieveInvoice(m[1]) },
    { method: 'GET', path: /^\/v1\/invoices\/([^/]+)\/lines$/, run: (m, p) => billing.listLines(m[1], p) },
    { method: 'POST', path: /^\/v1\/invoices\/([^/]+)\/add_lines$/, run: (m, p) => billing.addLines(m[1], p) },
    { method: 'POST', path: /^\/v1\/invoices\/([^/]+)\/finalize$/, run: (m, p) => billing.finalizeInvoice(m[1], p) },
    { method: 'POST', path: /^\/v1\/invoices\/([^/]+)\/void$/, run: (m, p) => billing.voidInvoice(m[1], p) },
    { method: 'POST', path: /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/, run: (m, p) => billing.markUncollectible(m[1], p) },
    { method: 'POST', path: /^\/v1\/invoices\/([^/]+)\/pay$/, run: (m, p) => billing.payInvoice(m[1], p) },
    { method: 'POST', path: /^\/v1\/credit_notes$/, run: (_m, p) => creditNotes.createCreditNote(p) },
    { method: 'GET', path: /^\/v1\/credit_notes$/, run: (_m, p) => creditNotes.listCreditNotes(p) },
    { method: 'GET', path: /^\/v1\/credit_notes\/preview$/, run: (_m, p) => creditNotes.previewCreditNote(p) },
    { method: 'GET', path: /^\/v1\/credit_notes\/preview\/lines$/, run: (_m, p) => creditNotes.previewLines(p) },
    { method: 'GET', path: /^\/v1\/credit_notes\/([^/]+)$/, run: (m) => creditNotes.retrieveCreditNote(m[1]) },
    { method: 'GET', path: /^\/v1\/credit_notes\/([^/]+)\/lines$/, run: (m, p) => creditNotes.listLines(m[1], p) },
    { method: 'POST', path: /^\/v1\/credit_notes\/([^/]+)\/void$/, run: (m, p) => creditNotes.voidCreditNote(m[1], p) },
    { method: 'POST', path: /^\/v1\/tax\/calculations$/, run: (_m, p) => tax.createCalculation(p) },
    { method: 'GET', path: /^\/v1\/tax\/calculations\/([^/]+)$/, run: (m, p) => tax.retrieveCalculation(m[1], p) },
    { method: 'GET', path: /^\/v1\/tax\/calculations\/([^/]+)\/line_items$/, run: (m, p) => tax.listCalculationLines(m[1], p) },
    { method: 'POST', path: /^\/v1\/tax\/transactions\/create_from_calculation$/, run: (_m, p) => tax.createFromCalculation(p) },
    { method: 'POST', path: /^\/v1\/tax\/transactions\/create_reversal$/, run: (_m, p) => tax.createReversal(p) },
    { method: 'GET', path: /^\/v1\/tax\/transactions\/([^/]+)$/, run: (m, p) => tax.retrieveTransaction(m[1], p) },
    { method: 'GET', path: /^\/v1\/tax\/transactions\/([^/]+)\/line_items$/, run: (m, p) => tax.listTransactionLines(m[1], p) },
    { method: 'GET', path: /^\/v1\/tax\/registrations$/, run: (_m, p) => tax.listRegistrations(p) },
    { method: 'GET', path: /^\/v1\/tax\/registrations\/([^/]+)$/, run: (m, p) => tax.retrieveRegistration(m[1], p) },
  ];

  function cors(req, res) {
    const origin = req.headers.origin;
    if (!origin || !config.allowedOrigins.includes(origin)) return;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
    res.setHeader('Access-Control-Max-Age', '600');
  }

  function send(res, status, body, headers = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify(body, null, 2));
  }

  async function control(req, res, url) {
    if (req.method === 'GET' && url.pathname === '/_double/health') return send(res, 200, { ok: true });
    if (req.method === 'GET' && url.pathname === '/_double/events') {
      const type = url.searchParams.get('type');
      const pi = url.searchParams.get('payment_intent');
      // object: an id, matching the event's object or the invoice or customer it belongs to.
      const id = url.searchParams.get('object');
      const list = delivery.events.filter(({ event: { type: t, data } }) => {
        const o = data.object;
        return (!type || t === type) && (!pi || o.id === pi || o.payment_intent === pi) && (!id || o.id === id || o.invoice === id || o.customer === id);
      });
      return send(res, 200, { data: list.map(({ event, deliveries, state }) => ({ event, deliveries, state })) });
    }
    if (req.method === 'POST' && url.pathname === '/_double/settle') {
      await delivery.settle();
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/_double/config') {
      let body;
      try {
        body = JSON.parse((await readBody(req)) || '{}');
      } catch {
        return send(res, 400, { error: { message: 'Send JSON.' } });
      }
      if (body.webhookUrl !== undefined) config.webhookUrl = body.webhookUrl === null ? null : String(body.webhookUrl);
      if (typeof body.webhookSecret === 'string') config.webhookSecret = body.webhookSecret;
      if (Array.isArray(body.retryDelaysMs)) config.retryDelaysMs = body.retryDelaysMs.map(Number);
      return send(res, 200, { webhookUrl: config.webhookUrl, retryDelaysMs: config.retryDelaysMs });
    }
    if (req.method === 'GET' && url.pathname === '/_double/memory') {
      // The live heap beside what the double keeps (objects, saved idempotent answers, its event
      // log), so the soak judges its memory by its data, as Stripe's own store grows with it.
      const kept = [store.stored(), billing.stored(), creditNotes.stored(), tax.stored()].reduce((a, b) => ({
        objects: a.objects + b.objects,
        bytes: a.bytes + b.bytes,
      }));
      const answers = [...idempotent.values()].reduce((sum, a) => sum + JSON.stringify(a.body).length, 0);
      const events = delivery.events.reduce((sum, e) => sum + JSON.stringify(e.event).length, 0);
      return send(res, 200, {
        heapUsedBytes: liveHeapBytes(),
        rssBytes: process.memoryUsage().rss,
        objects: kept.objects + idempotent.size + delivery.events.length,
        storedBytes: kept.bytes + answers + events,
      });
    }
    const hosted = /^\/_double\/hosted-invoices\/([^/]+?)(\/pdf)?$/.exec(url.pathname);
    if (req.method === 'GET' && hosted) {
      const inv = billing.hosted(hosted[1]);
      if (!inv) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('No such finalized invoice.');
        return;
      }
      res.writeHead(200, { 'Content-Type': hosted[2] ? 'application/pdf' : 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(hosted[2] ? hostedInvoicePdf(inv) : hostedInvoiceHtml(inv));
      return;
    }
    const creditNotePdfPath = /^\/_double\/credit-notes\/([^/]+)\/pdf$/.exec(url.pathname);
    if (req.method === 'GET' && creditNotePdfPath) {
      const cn = creditNotes.hosted(creditNotePdfPath[1]);
      if (!cn) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('No such credit note.');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Cache-Control': 'no-store' });
      res.end(creditNotePdf(cn));
      return;
    }
    const transfer = /^\/_double\/invoices\/([^/]+)\/bank-transfer$/.exec(url.pathname);
    if (req.method === 'POST' && transfer) {
      try {
        return send(res, 200, billing.receiveTransfer(transfer[1]));
      } catch (err) {
        if (err instanceof StripeDoubleError) return send(res, err.status, { error: err.error });
        throw err;
      }
    }
    const expire = /^\/_double\/tax\/calculations\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expire) {
      try {
        return send(res, 200, tax.expireCalculation(expire[1]));
      } catch (err) {
        if (err instanceof StripeDoubleError) return send(res, err.status, { error: err.error });
        throw err;
      }
    }
    if (req.method === 'GET' && url.pathname === '/_double/refunds') {
      return send(res, 200, { data: store.refundsOf(url.searchParams.get('payment_intent') ?? '') });
    }
    return send(res, 404, { error: { message: `No control endpoint ${req.method} ${url.pathname}` } });
  }

  async function handle(req, res) {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://double');
    if (url.pathname.startsWith('/_double/')) return control(req, res, url);
    const requestId = `req_${randomBytes(9).toString('hex')}`;
    const headers = { 'Request-Id': requestId, 'Stripe-Version': req.headers['stripe-version'] ?? API_VERSION ?? '' };
    try {
      const route = routes.find((r) => r.method === req.method && r.path.test(url.pathname));
      if (!route) {
        throw new StripeDoubleError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname}). The Stripe double implements only what the shop uses (see its README).`,
        });
      }
      const auth = authenticate(req, route);
      const text = req.method === 'GET' ? url.search.slice(1) : await readBody(req);
      let params;
      try {
        params = decodeForm(text);
      } catch (err) {
        throw invalidRequest(err.message, { param: err.param });
      }
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const slot = key ? `${apiKeyOf(req)} ${key}` : null;
      const print = fingerprint(req.method, url.pathname, params);
      if (slot && idempotent.has(slot)) {
        const saved = idempotent.get(slot);
        if (saved.fingerprint !== print) throw idempotencyError(key);
        return send(res, saved.status, saved.body, { ...headers, 'Idempotent-Replayed': 'true', 'Idempotency-Key': key });
      }
      let status = 200;
      let body;
      currentRequest = { id: requestId, idempotency_key: key ?? null };
      try {
        body = route.run(route.path.exec(url.pathname), params, auth);
      } catch (err) {
        if (!(err instanceof StripeDoubleError)) throw err;
        status = err.status;
        body = { error: { ...err.error, request_log_url: `http://127.0.0.1:${config.port}/_double/events` } };
      } finally {
        currentRequest = null;
      }
      // Stripe saves the outcome of an idempotent POST, errors included (bar 5xx and 429).
      if (slot) idempotent.set(slot, { fingerprint: print, status, body });
      return send(res, status, body, key ? { ...headers, 'Idempotency-Key': key } : headers);
    } catch (err) {
      if (err instanceof StripeDoubleError) return send(res, err.status, { error: err.error }, headers);
      log(`internal error: ${err.stack ?? err}`);
      return send(res, 500, { error: { type: 'api_error', message: 'The Stripe double failed; see its log.' } }, headers);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`unhandled: ${err.stack ?? err}`);
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: 'internal error' } });
    });
  });

  return {
    config,
    store,
    billing,
    delivery,
    url: () => `http://${config.host}:${config.port}`,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          config.port = server.address().port;
          resolve();
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

/** Settings from the environment, for the command line and the stack. */
export function doubleOptionsFromEnv(env = process.env) {
  return {
    port: env.STRIPE_DOUBLE_PORT ? Number(env.STRIPE_DOUBLE_PORT) : undefined,
    webhookUrl: env.STRIPE_DOUBLE_WEBHOOK_URL || undefined,
    webhookSecret: env.STRIPE_DOUBLE_WEBHOOK_SECRET || undefined,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const double = createStripeDouble(doubleOptionsFromEnv());
  await double.listen();
  console.log(`[stripe-double] listening on ${double.url()}, webhooks to ${double.config.webhookUrl}`);
  const stop = async () => {
    await double.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
