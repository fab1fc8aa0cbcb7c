/**
 * The early script (decision 0053): a few KB of its own build (vite.early.config.ts), loaded
 * `async` from the <head> of the prerendered pages that read data first, so it runs while the
 * app's scripts are still downloading. From the address alone it starts the page's first API reads
 * (app/early-reads.ts: the very requests the page's hooks make), then what their answers lead to
 * (the model's drawing, the catalogue's first pictures), and leaves each answer for the app's API
 * client (lib/early-responses.ts), which takes it once.
 *
 * An external file, not an inline script: the Content-Security-Policy allows scripts from 'self'
 * only. Nothing here may throw into the page: a read it cannot start the app makes as usual.
 */
import { earlyReadsFor, type EarlyRead } from './app/early-reads';
import { config } from './lib/infra/config';
import { EARLY_FIRST_WAIT_MS, EARLY_SETTLED_EVENT, putEarlyResponse } from './lib/infra/early-responses';

function addLink(attributes: Record<string, string>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}

/** Starts a read and what its answer leads to; settles when they are done (or failed). */
function start(read: EarlyRead): Promise<unknown> {
  const url = config.apiBase + read.path;
  const answer = fetch(url, { headers: { Accept: read.accept } });
  putEarlyResponse(url, read.accept, answer);
  if (!read.pictures && !read.next && !read.paint) return answer;
  return answer
    .then((res) => (res.ok ? res.clone().json() : null))
    .then(async (body: unknown) => {
      if (body === null) return;
      read.pictures?.(body).forEach((href, i) => addLink({ rel: 'preload', as: 'image', href, ...(i === 0 ? { fetchpriority: 'high' } : {}) }));
      // What the answer leads to is not waited for: only what the first paint needs is.
      read.next?.(body).forEach((next) => void start(next).catch(() => {}));
      if (read.paint) {
        // The page's place for it is parsed by the time an answer is in, almost always; otherwise
        // wait for the whole document (DOMContentLoaded also waits for the app's boot script).
        let painted = read.paint(body);
        if (painted === false && document.readyState === 'loading') {
          await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
          painted = read.paint(body);
        }
        // Settled once it is on screen: its pictures loaded, then a frame drawn. A page that
        // downloads the app only then (bootAfterEarlyReads) has its largest paint before the app's
        // scripts are even asked for. A picture that never loads holds it no longer than the boot
        // loader waits anyway (EARLY_FIRST_WAIT_MS).
        await Promise.race([painted, new Promise((resolve) => setTimeout(resolve, EARLY_FIRST_WAIT_MS))]);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }
    });
}

function settled(): void {
  window.__fpEarlySettled = true;
  dispatchEvent(new Event(EARLY_SETTLED_EVENT));
}

try {
  void Promise.allSettled(earlyReadsFor(new URL(location.href)).map(start)).then(settled);
} catch {
  // The app reads everything itself.
  settled();
}
