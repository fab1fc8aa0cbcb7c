import type { Response } from 'express';
import { logs } from '../logs';

/**
 * Streams CSV chunks as a download. Headers go out with the first chunk, so an error before it
 * still becomes the usual JSON error; one after it can only cut the download short (the browser
 * then reports a failed download rather than saving half a file as complete).
 */
export async function sendCsv(res: Response, fileName: string, chunks: AsyncIterable<string>): Promise<void> {
  try {
    for await (const chunk of chunks) {
      if (!res.headersSent) {
        res
          .status(200)
          .set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' });
      }
      // Respect back-pressure: wait for the socket to drain before reading the next page.
      if (!res.write(chunk) && !res.destroyed) await drainedOrClosed(res);
      // The caller went away: stop reading further pages.
      if (res.destroyed) return;
    }
    res.end();
  } catch (err) {
    if (!res.headersSent) throw err;
    logs.unexpectedError(err, res.req.path);
    res.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}

/** Resolves when the socket can take more, or the caller has gone; leaves no listener behind. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
