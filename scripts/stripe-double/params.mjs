// The parameter readers every part of the double shares: Stripe's form-encoded values (all strings)
// read as Stripe reads them, with its 400 `invalid_request_error` naming the parameter, and its
// list object paged by limit, starting_after and ending_before.
import { invalidRequest, missing } from './errors.mjs';
import { metadataOf } from './store.mjs';

/**
 * Stripe answers any parameter it does not know with parameter_unknown; so does the double for what
 * it does not model. `prefix` names a nested object's parameter (`line_items[0]`).
 */
export function allowOnly(params, allowed, prefix = '') {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw invalidRequest(`Received unknown parameter: ${name}. (The Stripe double takes only: ${allowed.join(', ')}; see its README.)`, {
        code: 'parameter_unknown',
        param: name,
      });
    }
  }
}

export function boolOf(value, param) {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalidRequest(`Invalid boolean: ${value}`, { param });
}

export function integerOf(value, param, { min = -Infinity, max = Infinity } = {}) {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
  const n = Number(value);
  if (n < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, { param });
  if (n > max) throw invalidRequest(`This value must be less than or equal to ${max}.`, { param });
  return n;
}

export function stringOf(value, param, max = 5000) {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest('Invalid string', { param });
  if (value.length > max) throw invalidRequest(`Invalid string: must be at most ${max} characters`, { param });
  return value;
}

export function currencyOf(value, param = 'currency') {
  if (value === undefined) return undefined;
  const currency = String(value).toLowerCase();
  if (currency !== 'usd') throw invalidRequest(`Invalid currency: ${currency}. The double supports usd only.`, { param });
  return currency;
}

/**
 * A unit amount in cents as a decimal string (at most 12 places) times a whole quantity, in whole
 * cents: exact in BigInt, then rounded half away from zero.
 */
export function decimalTimes(decimal, quantity, param) {
  const m = typeof decimal === 'string' ? /^(-?)(\d+)(?:\.(\d{1,12}))?$/.exec(decimal) : null;
  if (!m) throw invalidRequest(`Invalid decimal: ${decimal}`, { param });
  const scaled = BigInt(m[2] + (m[3] ?? '').padEnd(12, '0')) * BigInt(quantity);
  const unit = 10n ** 12n;
  const cents = Number((scaled + unit / 2n) / unit);
  return { cents: m[1] ? -cents : cents, text: `${m[1]}${m[2].replace(/^0+(?=\d)/, '')}${m[3] ? `.${m[3]}` : ''}` };
}

/** Metadata on update: keys merge, an empty value removes its key, an empty `metadata` clears all. */
export function mergeMetadata(current, value) {
  if (value === undefined) return current;
  if (value === '') return {};
  const next = { ...current, ...metadataOf(value) };
  for (const [k, v] of Object.entries(next)) if (v === '') delete next[k];
  return next;
}

/** Stripe's list object over `items` (newest first), paged by limit, starting_after and ending_before. */
export function page(items, params, url, kind) {
  const limit = integerOf(params.limit, 'limit', { min: 1, max: 100 }) ?? 10;
  let from = 0;
  let to = items.length;
  if (params.starting_after !== undefined) {
    const at = items.findIndex((x) => x.id === params.starting_after);
    if (at < 0) throw missing(kind, params.starting_after, 'starting_after');
    from = at + 1;
  } else if (params.ending_before !== undefined) {
    const at = items.findIndex((x) => x.id === params.ending_before);
    if (at < 0) throw missing(kind, params.ending_before, 'ending_before');
    to = at;
    from = Math.max(0, at - limit);
  }
  const data = items.slice(from, Math.min(to, from + limit));
  const hasMore = params.ending_before !== undefined ? from > 0 : from + data.length < to;
  return { object: 'list', data, has_more: hasMore, url };
}

export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before'];
