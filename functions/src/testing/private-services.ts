import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * For unit tests that run a function's handler against real collaborators: a private Firestore
 * stand-in and a private MailDev, each on free ports, so they never meet a running stack or
 * another test run (unit tier, no lock). Points firebase-admin and the mail sender at them through
 * the environment, so import the function's modules only after `startPrivateServices` resolves.
 */
const ROOT = path.resolve(__dirname, '../../..');

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

export interface PrivateServices {
  /** MailDev's web port: its REST API lists what was sent. */
  webPort: number;
  stop(): Promise<void>;
}

export async function startPrivateServices(projectId: string): Promise<PrivateServices> {
  const fsPort = await freePort();
  const standin = spawn(process.execPath, [path.join(ROOT, 'scripts', 'firestore-standin.mjs')], {
    env: { ...process.env, PORT: String(fsPort) },
    stdio: 'ignore',
  });
  await listening(fsPort, 20_000);
  const smtpPort = await freePort();
  const webPort = await freePort();
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  await maildev.start();
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${fsPort}`,
    GCLOUD_PROJECT: projectId,
    SMTP_URL: smtpUrl,
    METADATA_SERVER_DETECTION: 'none',
  });
  return {
    webPort,
    async stop() {
      await maildev.stop();
      standin.kill('SIGTERM');
    },
  };
}
