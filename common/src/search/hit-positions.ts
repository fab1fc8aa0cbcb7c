/**
 * A search's hits as positions of tools (decision 0048): filters, facet counts and the page's
 * selection. Each facet key is a column of value ids, one per tool, worked out once, so a count is
 * an array increment per hit and a filter a lookup in a small array, with no string work per hit.
 */

/** One facet key's value per tool position: ids into `values`, 0 for none (missing or empty). */
export interface FacetColumn {
  key: string;
  valueIds: Int32Array;
  /** By id; `values[0]` is '' (none). */
  values: string[];
  idOf: ReadonlyMap<string, number>;
}

export function facetColumn(key: string, positions: number, valueAt: (position: number) => string | null | undefined): FacetColumn {
  const values = [''];
  const idOf = new Map<string, number>([['', 0]]);
  const valueIds = new Int32Array(positions);
  for (let p = 0; p < positions; p++) {
    const value = valueAt(p) ?? '';
    let id = idOf.get(value);
    if (id === undefined) {
      id = values.length;
      values.push(value);
      idOf.set(value, id);
    }
    valueIds[p] = id;
  }
  return { key, valueIds, values, idOf };
}

/** A filter: the values of one key, any of which may hold. */
export interface FacetFilter {
  column: FacetColumn;
  /** Per value id, whether it passes. */
  allowed: Uint8Array;
}

export function facetFilter(column: FacetColumn, values: Iterable<string>): FacetFilter {
  const allowed = new Uint8Array(column.values.length);
  for (const value of values) {
    const id = column.idOf.get(value);
    if (id !== undefined) allowed[id] = 1;
  }
  return { column, allowed };
}

export interface FilteredHits {
  /** The hits every filter passes, in the order given. */
  kept: Int32Array;
  /** Per key: counts per value, each key counted over the hits that pass every filter but its own. */
  facets: Record<string, Record<string, number>>;
}

/**
 * Narrows `hits` (tool positions) by `filters` and counts the facets of `counted` (plus every
 * filtered key) in one pass: a hit every filter passes is kept and counted for every key; a hit
 * exactly one filter fails is counted for that key only (its own filter left out).
 */
export function filterAndCount(hits: Int32Array, counted: readonly FacetColumn[], filters: readonly FacetFilter[]): FilteredHits {
  const columns = [...counted];
  for (const filter of filters) if (!columns.includes(filter.column)) columns.push(filter.column);
  const counts = columns.map((c) => new Int32Array(c.values.length));
  const filterCounts = filters.map((f) => counts[columns.indexOf(f.column)]!);
  const kept = filters.length === 0 ? hits : new Int32Array(hits.length);
  let keptCount = 0;
  for (let i = 0; i < hits.length; i++) {
    const position = hits[i]!;
    let failed = -1;
    let fails = 0;
    for (let f = 0; f < filters.length; f++) {
      const { column, allowed } = filters[f]!;
      if (allowed[column.valueIds[position]!] === 0) {
        failed = f;
        if (++fails > 1) break;
      }
    }
    if (fails === 0) {
      if (filters.length > 0) kept[keptCount++] = position;
      for (let c = 0; c < columns.length; c++) counts[c]![columns[c]!.valueIds[position]!]!++;
    } else if (fails === 1) {
      filterCounts[failed]![filters[failed]!.column.valueIds[position]!]!++;
    }
  }
  const facets: Record<string, Record<string, number>> = {};
  columns.forEach((column, c) => {
    const byValue: Record<string, number> = {};
    // Id 0 is no value: never a facet.
    for (let id = 1; id < column.values.length; id++) if (counts[c]![id]! > 0) byValue[column.values[id]!] = counts[c]![id]!;
    facets[column.key] = byValue;
  });
  return { kept: filters.length === 0 ? hits : kept.slice(0, keptCount), facets };
}

/**
 * The `k` best of `positions` in order, `before(a, b)` saying whether a goes before b (a strict
 * total order): a heap of k, so a page of a 30,000-hit search sorts 20, not 30,000.
 */
export function selectBest(positions: Int32Array, k: number, before: (a: number, b: number) => boolean): Int32Array {
  if (k <= 0 || positions.length === 0) return new Int32Array(0);
  if (k >= positions.length) return positions.slice().sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  // A heap whose top is the worst of the best so far.
  const heap = new Int32Array(k);
  let size = 0;
  const worse = (a: number, b: number) => before(b, a);
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < size && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < size && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  };
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    if (size < k) {
      heap[size] = position;
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at]!, heap[parent]!)) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
    } else if (before(position, heap[0]!)) {
      heap[0] = position;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}
