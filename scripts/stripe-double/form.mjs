// Stripe's request bodies are application/x-www-form-urlencoded with bracketed keys, the way the
// stripe SDK (qs) writes them: metadata[bookingId]=b1, payment_method_types[0]=card. This turns
// them back into the nested objects Stripe's API reads.

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `a[b][0]` -> ['a', 'b', '0']; null when the key is not well formed. */
function keyPath(key) {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const rest = [...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]);
  return [m[1], ...rest];
}

/**
 * Decodes a form body into nested plain objects (arrays for numeric indexes, `[]` appends).
 * Throws an Error with `param` set when a key can not be read, as Stripe answers 400 then.
 */
export function decodeForm(text) {
  const out = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (!path || path.some((p) => UNSAFE_KEYS.has(p))) throw Object.assign(new Error(`Invalid parameter name: ${key}`), { param: key });
    let node = out;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      const part = path[i] === '' && Array.isArray(node) ? String(node.length) : path[i];
      if (last) {
        node[part] = value;
      } else {
        if (node[part] === undefined || typeof node[part] !== 'object') node[part] = /^\d*$/.test(path[i + 1]) ? [] : Object.create(null);
        node = node[part];
      }
    }
  }
  return toPlain(out);
}

function toPlain(v) {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(toPlain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]));
  return v;
}

/** A stable text of the parameters, for the idempotency check (same key, same parameters). */
export function fingerprint(method, path, params) {
  const sort = (v) =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort(v[k])]),
          )
        : v;
  return JSON.stringify([method, path, sort(params)]);
}
