import type { TaxRegistrations } from '@fridgeparts/common/tax/exemption.answers';
import { AppError } from '../../errors';
import { atProvider } from '../stripe-client';

/**
 * The states the shop collects sales tax in (CONTRACT §15, decision 0084): Stripe's active tax
 * registrations, kept in the process for 10 minutes. The certificate form offers these; an upload
 * for any other state is 400 (no certificate is needed where nothing is collected).
 */

const TTL_MS = 10 * 60_000;
/** Pages of 100 asked for at most (a shop registered in more than 1,000 places is not this one). */
const MAX_PAGES = 10;

let cached: { at: number; list: TaxRegistrations['registrations'] } | null = null;

/** Forget the cached list (tests that change the registrations). */
export const forgetTaxRegistrations = (): void => {
  cached = null;
};

/** The shop's active US state registrations, sorted by state. */
export async function taxRegistrations(now = Date.now()): Promise<TaxRegistrations['registrations']> {
  if (cached && now - cached.at < TTL_MS) return cached.list;
  const found = new Map<string, { country: string; state: string }>();
  let after: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await atProvider((s) => s.tax.registrations.list({ status: 'active', limit: 100, ...(after ? { starting_after: after } : {}) }));
      for (const r of list.data) {
        const state = r.country_options?.us?.state;
        if (r.country === 'US' && state) found.set(state, { country: 'US', state: state.toUpperCase() });
      }
      if (!list.has_more || list.data.length === 0) break;
      after = list.data[list.data.length - 1]?.id;
    }
  } catch (err) {
    if (err instanceof AppError && err.code === 'unavailable') {
      throw new AppError('unavailable', 'The states the shop collects sales tax in could not be read just now. Please try again in a moment.');
    }
    throw err;
  }
  const list = [...found.values()].sort((a, b) => a.state.localeCompare(b.state));
  cached = { at: now, list };
  return list;
}
