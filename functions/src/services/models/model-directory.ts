import type { Transaction } from 'firebase-admin/firestore';
import { directoryBucketOf, type ModelDirectoryEntry } from '@fridgeparts/common/documents/appliance-models';
import { MODEL_BRANDS_MAX, MODEL_PAGE_SIZE } from '@fridgeparts/common/models/appliance-model';
import type { ModelBrand, ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { collections } from '../../data/firestore';
import { searchRecheckMs } from '../../config';

/**
 * Every model's list entry, held in this instance's memory (decision 0051): GET /models?q= answers
 * the keys that start with the query, then those that contain it, which no Firestore query can
 * (a range finds prefixes only). Loaded from the MODEL_DIRECTORY_BUCKETS documents of
 * modelDirectory (that many reads, whatever the number of models) and read again when older than
 * the search index's re-check interval (20 s; SEARCH_RECHECK_MS locally), so a model imported on
 * another instance is found as soon as a changed part is; this instance's own imports and deletes
 * drop it at once.
 */

export interface ModelDirectory {
  /** Every model key, in order. */
  keys: string[];
  entries: Map<string, ModelDirectoryEntry>;
}

let held: { directory: ModelDirectory; at: number } | null = null;
let loading: Promise<ModelDirectory> | null = null;

async function load(): Promise<ModelDirectory> {
  const snaps = await collections.modelDirectory().get();
  const entries = new Map<string, ModelDirectoryEntry>();
  for (const d of snaps.docs) for (const [key, entry] of Object.entries(d.data().models ?? {})) entries.set(key, entry);
  return { keys: [...entries.keys()].sort(), entries };
}

/** The directory: held, or read (one load at a time per instance). */
export async function modelDirectory(): Promise<ModelDirectory> {
  if (held && Date.now() - held.at < searchRecheckMs()) return held.directory;
  loading ??= load().then(
    (directory) => {
      held = { directory, at: Date.now() };
      loading = null;
      return directory;
    },
    (err: unknown) => {
      loading = null;
      // Firestore away for a moment: the directory held still answers.
      if (held) return held.directory;
      throw err;
    },
  );
  return loading;
}

/** This instance wrote the directory: its next read loads it again. */
export function forgetModelDirectory(): void {
  held = null;
}

export const summaryOf = (modelKey: string, e: ModelDirectoryEntry): ModelSummary => ({
  modelKey,
  modelNumber: e.modelNumber,
  brand: e.brand,
  applianceType: e.applianceType,
  title: e.title,
});

/** Up to MODEL_PAGE_SIZE models whose key starts with `key`, then those that contain it, each in key order. */
export function findModels(directory: ModelDirectory, key: string, keep: (e: ModelDirectoryEntry) => boolean = () => true): ModelSummary[] {
  const starts: string[] = [];
  const contains: string[] = [];
  for (const k of directory.keys) {
    if (starts.length >= MODEL_PAGE_SIZE) break;
    const at = k.indexOf(key);
    if (at < 0 || !keep(directory.entries.get(k)!)) continue;
    (at === 0 ? starts : contains).push(k);
  }
  return [...starts, ...contains].slice(0, MODEL_PAGE_SIZE).map((k) => summaryOf(k, directory.entries.get(k)!));
}

/**
 * Every brand with models of `applianceType` (of any type when undefined) and how many, by name;
 * brands that differ only in case are one (as GET /models?brand= finds them), named as first seen.
 */
export function brandsOf(directory: ModelDirectory, applianceType?: string): ModelBrand[] {
  const byKey = new Map<string, ModelBrand>();
  for (const e of directory.entries.values()) {
    if (applianceType !== undefined && e.applianceType !== applianceType) continue;
    const key = e.brand.toLowerCase();
    const seen = byKey.get(key);
    if (seen) seen.models++;
    else byKey.set(key, { brand: e.brand, models: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.brand.localeCompare(b.brand, 'en')).slice(0, MODEL_BRANDS_MAX);
}

/** Edit distance, stopping once it passes `limit` (the suggestions only want near keys). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]!);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** O and 0, I and 1 read alike on a worn tag: folded for suggestions only (CONTRACT §11). */
const fold = (key: string) => key.replace(/O/g, '0').replace(/I/g, '1');

/**
 * For a key no model has: up to 5 models nearest to it (a misread O/0 or I/1 first, then fewest
 * edits, up to a third of its length; then those containing it or contained in it), nearest first.
 */
export function suggestModels(directory: ModelDirectory, key: string, limit = 5): ModelSummary[] {
  const folded = fold(key);
  const most = Math.max(1, Math.floor(key.length / 3));
  const scored: { k: string; score: number }[] = [];
  for (const k of directory.keys) {
    const score = fold(k) === folded ? 0 : k.includes(key) || key.includes(k) ? most + 1 : distance(k, key, most);
    // distance() answers most + 1 for anything farther: only containment scores that and is kept.
    if (score <= most || (score === most + 1 && (k.includes(key) || key.includes(k)))) scored.push({ k, score });
  }
  scored.sort((a, b) => a.score - b.score || (a.k < b.k ? -1 : 1));
  return scored.slice(0, limit).map((s) => summaryOf(s.k, directory.entries.get(s.k)!));
}

/**
 * The directory's writes for models added or replaced (an entry) and removed (null), read and
 * written in `tx` (one read and write per bucket touched), so two imports never lose each other's
 * entries. Reads first: call the answer after the transaction's other reads.
 */
export async function stageDirectory(tx: Transaction, changes: ReadonlyMap<string, ModelDirectoryEntry | null>): Promise<() => void> {
  const buckets = [...new Set([...changes.keys()].map(directoryBucketOf))];
  const refs = buckets.map((b) => collections.modelDirectory().doc(b));
  const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
  return () => {
    snaps.forEach((snap, i) => {
      const models = { ...(snap.data()?.models ?? {}) };
      for (const [key, entry] of changes) {
        if (directoryBucketOf(key) !== buckets[i]) continue;
        if (entry) models[key] = entry;
        else delete models[key];
      }
      tx.set(refs[i]!, { models });
    });
  };
}
