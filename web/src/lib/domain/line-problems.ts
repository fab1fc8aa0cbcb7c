import { ApiError } from '../infra/api-client';

const LINE_PATH = /^lines\.(\d+)\./;

/**
 * The server's word on each line of what was sent: a 400's `fields` name bad lines as
 * `lines.{i}.{field}` (i: the line's place in the request). The first message for a line is
 * kept, as applyServerFields keeps the first message for a field. Empty for any other error.
 */
export function problemsByLine(err: unknown): Map<number, string> {
  const byLine = new Map<number, string>();
  if (!(err instanceof ApiError)) return byLine;
  for (const [path, message] of Object.entries(err.fields ?? {})) {
    const m = LINE_PATH.exec(path);
    if (m && !byLine.has(Number(m[1]))) byLine.set(Number(m[1]), message);
  }
  return byLine;
}

/** Whether a server field path names a line (`lines.3.quantity`): shown on the lines, not on a form field. */
export const isLinePath = (path: string) => path.startsWith('lines.');
