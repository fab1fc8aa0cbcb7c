// Signed webhook delivery, as Stripe does it: one POST per event with a Stripe-Signature header,
// retried on anything but a 2xx. The signature comes from the stripe SDK's own test helper, so the
// shop verifies it with the real stripe.webhooks.constructEvent.
import Stripe from 'stripe';

const webhooks = Stripe.webhooks;

export function createDelivery(config, log) {
  /** Every event created, newest last, with its delivery attempts (GET /_double/events). */
  const events = [];

  async function attempt(event, payload) {
    const header = webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret });
    try {
      const res = await fetch(config.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': header,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(config.webhookTimeoutMs),
      });
      await res.arrayBuffer().catch(() => {});
      return { at: new Date().toISOString(), url: config.webhookUrl, status: res.status };
    } catch (err) {
      return { at: new Date().toISOString(), url: config.webhookUrl, status: null, error: err.cause?.code ?? err.message };
    }
  }

  async function deliver(record) {
    const payload = JSON.stringify(record.event, null, 2);
    for (let i = 0; ; i++) {
      if (!config.webhookUrl) {
        record.state = 'not-sent';
        return;
      }
      const result = await attempt(record.event, payload);
      record.deliveries.push(result);
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        record.state = 'delivered';
        return;
      }
      const delay = config.retryDelaysMs[i];
      if (delay === undefined) {
        record.state = 'failed';
        log(`webhook ${record.event.type} ${record.event.id}: gave up after ${record.deliveries.length} attempts (last: ${result.status ?? result.error})`);
        return;
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  return {
    events,
    /** Records the event and delivers it in the background (the API answer does not wait). */
    send(event) {
      const record = { event, deliveries: [], state: 'pending' };
      events.push(record);
      if (events.length > 5000) events.shift();
      record.done = deliver(record);
    },
    /** Resolves once every delivery so far has finished (tests, shutdown). */
    async settle() {
      await Promise.all(events.map((e) => e.done));
    },
  };
}
