import type { Response } from 'express';
import { NEXT_CURSOR_HEADER } from '@fridgeparts/common/api-paths';
import type { Page } from '../services/pagination';

/** Lists stay JSON arrays (SPEC §7); the next page's cursor rides in a header. */
export function sendPage<T>(res: Response, page: Page<T>): void {
  if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
  res.json(page.items);
}

/** Reads a route parameter that Express 5 types as string | string[]. */
export function param(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value.join('/') : (value ?? '')).trim();
}
