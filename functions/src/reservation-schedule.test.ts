import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The scheduled function `expireReservations` wrapped by firebase-functions-test and run against
 * a private Firestore stand-in (its own free port, so it never meets a running stack or another
 * test run), with a private SMTP sink (MailDev on free ports). Unit tier: no lock needed.
 */
const ROOT = path.resolve(__dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function listening(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

let standin: ChildProcess;
let maildev: { stop(): Promise<void> };
let webPort: number;

beforeAll(async () => {
  const fsPort = await freePort();
  standin = spawn(process.execPath, [path.join(ROOT, 'scripts', 'firestore-standin.mjs')], { env: { ...process.env, PORT: String(fsPort) }, stdio: 'ignore' });
  await listening(fsPort, 20_000);
  const smtpPort = await freePort();
  webPort = await freePort();
  const { MailDev } = await import('maildev');
  const inbox = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  await inbox.start();
  maildev = inbox;
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${fsPort}`,
    GCLOUD_PROJECT: 'demo-fridgeparts-unit',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    METADATA_SERVER_DETECTION: 'none',
  });
}, 30_000);

afterAll(async () => {
  await maildev?.stop();
  standin?.kill('SIGTERM');
});

describe('expireReservations (scheduled)', () => {
  it('on its schedule, releases overdue reservations once and sends the released email', async () => {
    // Loaded after the environment points firebase-admin at the private stand-in.
    const { default: functionsTest } = await import('firebase-functions-test');
    const { Timestamp } = await import('firebase-admin/firestore');
    const { collections, db } = await import('./data/firestore');
    const { expireReservations } = await import('./index');
    const t = functionsTest({ projectId: 'demo-fridgeparts-unit' });
    // t.wrap tells v1 from v2 by the handler's arity, which misreads v2 scheduled functions
    // (they are (req, res) handlers), so the library's v2 wrapper is used directly.
    const { wrapV2 } = await import('firebase-functions-test/lib/v2');
    const run = wrapV2(expireReservations as never) as unknown as (e: { scheduleTime: string }) => Promise<void>;

    const createdAt = Timestamp.fromMillis(Date.UTC(2026, 10, 1, 12));
    const tool = collections.tools().doc('tool-1');
    await tool.set({ name: 'Door Gasket', description: 'd', image: '/i.svg', priceCents: 1999, minimumQuantity: 1, availableQuantity: 7, searchTerms: [], createdAt });
    const base = { uid: 'u1', email: 'casey@example.test', userName: 'Casey', toolId: 'tool-1', name: 'Door Gasket', unitPriceCents: 1999, quantity: 3, totalCents: 5997, itemMinimumQuantity: 1, itemAvailableQuantity: 7, phone: '1', address: 'a', paid: false, transactionId: null, paymentIntentId: null, status: null, orderNumber: 'FP-2026-000001', createdAt };
    await collections.bookings().doc('overdue').set({ ...base, state: 'reserved' });
    await collections.bookings().doc('paid').set({ ...base, state: 'paid', paid: true, transactionId: 'pi_1', paymentIntentId: 'pi_1' });

    // 47 hours later: still within the default 48-hour hold.
    await run({ scheduleTime: new Date(createdAt.toMillis() + 47 * 3_600_000).toISOString() });
    expect((await collections.bookings().doc('overdue').get()).get('state')).toBe('reserved');

    const at49h = new Date(createdAt.toMillis() + 49 * 3_600_000).toISOString();
    await Promise.all([run({ scheduleTime: at49h }), run({ scheduleTime: at49h })]);
    expect((await collections.bookings().doc('overdue').get()).get('state')).toBe('expired');
    expect((await collections.bookings().doc('paid').get()).get('state')).toBe('paid');
    expect((await tool.get()).get('availableQuantity')).toBe(10);
    expect((await db.collection('mail').doc('overdue-released').get()).get('state')).toBe('sent');

    const inbox = (await (await fetch(`http://127.0.0.1:${webPort}/api/email`)).json()) as { subject: string }[];
    expect(inbox.map((m) => m.subject)).toEqual(['Order FP-2026-000001 expired: reservation released']);
    t.cleanup();
  }, 30_000);
});
