// Query order, cursors, offset and limit for the stand-in, as production Firestore applies them.
// Out of the box the package's FirestoreState.v1Query filters and sorts but ignores `start_at`,
// `end_at` and `offset`, never orders by `__name__` (so ties on the sort value come back in storage
// order), compares an integer with a double as unequal and keeps documents that lack an ordered
// field. Production code (functions/src/services/pagination.ts) pages with Firestore's own cursors
// (orderBy(field).orderBy(documentId()).startAfter(value, id).limit(n)), so the stand-in must honour
// them instead of the code working around it (docs/decisions/0037-bounded-paging.md).
//
// The patch is installed from our wrapper at load time (scripts/firestore-standin.mjs), like
// safe-keys.mjs: it replaces FirestoreState.prototype.v1Query, which every read path uses (RunQuery,
// the transactional RunQuery of transactions.mjs, RunAggregationQuery, Listen). The package's own
// v1Query still does the filtering (`where`); it is handed a view of the query without order, limit
// or cursors, and this module then, in order:
// 1. keeps only documents that have every ordered field (Firestore's orderBy implies existence);
// 2. sorts by the normalized order: the explicit order_by, then inequality-filtered fields not
//    already ordered (by name), then `__name__`, each added one in the last explicit direction;
// 3. applies start_at / end_at (`before` true: startAt / endBefore; false: startAfter / endAt),
//    comparing a cursor's values with the first orderings, in Firestore's cross-type value order;
// 4. applies offset, then limit.
// So a limited query returns (and read-stats.mjs counts) only the documents of its page.
import { status as grpcStatus } from '@grpc/grpc-js';
import { FirestoreState } from '@firestore-emulator/server';
import queryProto from '@firestore-emulator/proto/dist/google/firestore/v1/query.js';

const { StructuredQueryDirection: Direction, StructuredQueryFieldFilterOperator: Op } = queryProto;
const INEQUALITIES = new Set([Op.LESS_THAN, Op.LESS_THAN_OR_EQUAL, Op.GREATER_THAN, Op.GREATER_THAN_OR_EQUAL, Op.NOT_EQUAL, Op.NOT_IN]);
const NAME = '__name__';

/** Firestore's order of value types; integers and doubles are one type, compared by value. */
const TYPE_RANK = {
  null_value: 0,
  boolean_value: 1,
  integer_value: 2,
  double_value: 2,
  timestamp_value: 3,
  string_value: 4,
  bytes_value: 5,
  reference_value: 6,
  geo_point_value: 7,
  array_value: 8,
  map_value: 9,
};

const sign = (n) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Strings compare by UTF-8 bytes in Firestore, i.e. by code point (not UTF-16 code unit). */
export function compareStrings(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return sign(a.codePointAt(i) - b.codePointAt(i));
  }
  return sign(a.length - b.length);
}

function compareNumbers(a, b) {
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  if (an || bn) return an && bn ? 0 : an ? -1 : 1;
  return sign(a - b);
}

function compareBytes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return sign(a[i] - b[i]);
  return sign(a.length - b.length);
}

/** References compare segment by segment (`projects/p/databases/d/documents/tools/x`). */
function compareReferences(a, b) {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const c = compareStrings(as[i], bs[i]);
    if (c !== 0) return c;
  }
  return sign(as.length - bs.length);
}

/**
 * Two values, each `{ type, value }` (type a Value oneof name; arrays hold such values, maps a
 * record of them): Firestore's total order (https://firebase.google.com/docs/firestore/manage-data/data-types).
 */
export function compareValues(a, b) {
  const rank = TYPE_RANK[a.type] - TYPE_RANK[b.type];
  if (rank !== 0) return sign(rank);
  switch (a.type) {
    case 'null_value':
      return 0;
    case 'boolean_value':
      return sign(Number(a.value) - Number(b.value));
    case 'integer_value':
    case 'double_value':
      return compareNumbers(Number(a.value), Number(b.value));
    case 'timestamp_value':
      return sign(Number(a.value.seconds) - Number(b.value.seconds)) || sign(Number(a.value.nanos ?? 0) - Number(b.value.nanos ?? 0));
    case 'string_value':
      return compareStrings(a.value, b.value);
    case 'bytes_value':
      return compareBytes(a.value, b.value);
    case 'reference_value':
      return compareReferences(a.value, b.value);
    case 'geo_point_value':
      return compareNumbers(a.value.latitude, b.value.latitude) || compareNumbers(a.value.longitude, b.value.longitude);
    case 'array_value': {
      for (let i = 0; i < Math.min(a.value.length, b.value.length); i++) {
        const c = compareValues(a.value[i], b.value[i]);
        if (c !== 0) return c;
      }
      return sign(a.value.length - b.value.length);
    }
    case 'map_value': {
      const ak = Object.keys(a.value).sort(compareStrings);
      const bk = Object.keys(b.value).sort(compareStrings);
      for (let i = 0; i < Math.min(ak.length, bk.length); i++) {
        const c = compareStrings(ak[i], bk[i]) || compareValues(a.value[ak[i]], b.value[bk[i]]);
        if (c !== 0) return c;
      }
      return sign(ak.length - bk.length);
    }
    default:
      throw Object.assign(new Error(`stand-in: can not order a value of type ${a.type}`), { code: grpcStatus.INVALID_ARGUMENT });
  }
}

/** A stored field of the package (FirestoreStateDocument*Field) as `{ type, value }`. */
function fromField(field) {
  if (field.type === 'array_value') return { type: field.type, value: field.value.map(fromField) };
  if (field.type === 'map_value') return { type: field.type, value: Object.fromEntries(Object.entries(field.value).map(([k, v]) => [k, fromField(v)])) };
  return { type: field.type, value: field.value };
}

/**
 * A Value message of a request (a cursor's) as `{ type, value }`. Its `has_*` getters say which
 * oneof is set (toObject() fills every member with its default, so it can not).
 */
export function fromValueMessage(v) {
  if (v.has_null_value) return { type: 'null_value', value: null };
  if (v.has_boolean_value) return { type: 'boolean_value', value: v.boolean_value };
  if (v.has_integer_value) return { type: 'integer_value', value: Number(v.integer_value) };
  if (v.has_double_value) return { type: 'double_value', value: v.double_value };
  if (v.has_timestamp_value) return { type: 'timestamp_value', value: { seconds: Number(v.timestamp_value.seconds), nanos: v.timestamp_value.nanos } };
  if (v.has_string_value) return { type: 'string_value', value: v.string_value };
  if (v.has_bytes_value) return { type: 'bytes_value', value: v.bytes_value };
  if (v.has_reference_value) return { type: 'reference_value', value: v.reference_value };
  if (v.has_geo_point_value) return { type: 'geo_point_value', value: { latitude: v.geo_point_value.latitude, longitude: v.geo_point_value.longitude } };
  if (v.has_array_value) return { type: 'array_value', value: v.array_value.values.map(fromValueMessage) };
  if (v.has_map_value) return { type: 'map_value', value: Object.fromEntries([...v.map_value.fields.entries()].map(([k, x]) => [k, fromValueMessage(x)])) };
  throw Object.assign(new Error('stand-in: a cursor value has no type'), { code: grpcStatus.INVALID_ARGUMENT });
}

/** `a.b` or `` `a.b`.c `` into its segments. */
function segmentsOf(path) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (quoted && ch === '\\') cur += path[++i] ?? '';
    else if (ch === '`') quoted = !quoted;
    else if (ch === '.' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** The document's value at a field path (or its name for `__name__`), or undefined when absent. */
function valueAt(doc, path) {
  if (path === NAME) return { type: 'reference_value', value: doc.getPath() };
  const [first, ...rest] = segmentsOf(path);
  let field = Object.hasOwn(doc.fields ?? {}, first) ? doc.fields[first] : undefined;
  for (const seg of rest) {
    if (field?.type !== 'map_value' || !Object.hasOwn(field.value, seg)) return undefined;
    field = field.value[seg];
  }
  return field === undefined ? undefined : fromField(field);
}

function inequalityFields(where, into) {
  if (!where) return into;
  if (where.has_field_filter && INEQUALITIES.has(where.field_filter.op)) into.add(where.field_filter.field.field_path);
  if (where.has_composite_filter) for (const f of where.composite_filter.filters) inequalityFields(f, into);
  return into;
}

/** The orderings Firestore applies: explicit, then implicit inequality fields, then `__name__`. */
export function normalizedOrder(query) {
  const orders = query.order_by.map((o) => ({ path: o.field.field_path, desc: o.direction === Direction.DESCENDING }));
  const desc = orders.length > 0 ? orders[orders.length - 1].desc : false;
  const ordered = new Set(orders.map((o) => o.path));
  const implicit = [...inequalityFields(query.has_where ? query.where : null, new Set())].filter((p) => p !== NAME && !ordered.has(p)).sort(compareStrings);
  for (const path of implicit) orders.push({ path, desc });
  if (!ordered.has(NAME)) orders.push({ path: NAME, desc });
  return orders;
}

/** Where a document stands against a cursor: <0 before it, 0 at it, >0 after it (in query order). */
function againstCursor(keys, cursor, orders) {
  for (let i = 0; i < cursor.length; i++) {
    const c = compareValues(keys[i], cursor[i]);
    if (c !== 0) return orders[i].desc ? -c : c;
  }
  return 0;
}

function cursorValues(cursor, orders, which) {
  const values = cursor.values.map(fromValueMessage);
  if (values.length > orders.length) {
    throw Object.assign(new Error(`stand-in: ${which} has ${values.length} values for ${orders.length} orderings`), { code: grpcStatus.INVALID_ARGUMENT });
  }
  return values;
}

export function honourQueryOrderAndCursors() {
  const filterOnly = FirestoreState.prototype.v1Query;
  if (filterOnly.honoursCursors) return;
  const patched = function v1Query(parent, query) {
    // The package's v1Query for its `where` alone: no order (it would throw on a dotted path and
    // ignore __name__), no limit (a cursor must be applied first). Getters run on the real message.
    const whereOnly = new Proxy(query, {
      get(target, prop) {
        if (prop === 'order_by') return [];
        if (prop === 'has_limit') return false;
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const orders = normalizedOrder(query);
    let rows = [];
    for (const doc of filterOnly.call(this, parent, whereOnly)) {
      const keys = orders.map((o) => valueAt(doc, o.path));
      if (keys.every((k) => k !== undefined)) rows.push({ doc, keys });
    }
    rows.sort((a, b) => againstCursor(a.keys, b.keys, orders));
    if (query.has_start_at) {
      const at = cursorValues(query.start_at, orders, 'start_at');
      const before = query.start_at.before;
      rows = rows.filter((r) => {
        const c = againstCursor(r.keys, at, orders);
        return before ? c >= 0 : c > 0;
      });
    }
    if (query.has_end_at) {
      const at = cursorValues(query.end_at, orders, 'end_at');
      const before = query.end_at.before;
      rows = rows.filter((r) => {
        const c = againstCursor(r.keys, at, orders);
        return before ? c < 0 : c <= 0;
      });
    }
    let docs = rows.map((r) => r.doc);
    if (query.offset > 0) docs = docs.slice(query.offset);
    if (query.has_limit) docs = docs.slice(0, query.limit.value);
    return docs;
  };
  patched.honoursCursors = true;
  FirestoreState.prototype.v1Query = patched;
}
