/** The part-number registry's keys (CONTRACT §11; partNumbers/{key}, common/src/documents/tools.ts PartNumberDoc). */
import type { PartNumberDoc } from '../documents/tools';
import { isUniqueAliasKind, type PartAlias } from './part-alias';
import { normalizePartNumber } from './part-number';

/** The registry's document id of a number: the number normalised (never empty for a valid number). */
export const partNumberKey = (number: string): string => normalizePartNumber(number);

/** The numbers of a tool the registry holds: its part number and its superseded aliases. */
export function registeredNumbers(t: { partNumber?: string; aliases?: readonly PartAlias[] }): { key: string; doc: Omit<PartNumberDoc, 'toolId'> }[] {
  const out: { key: string; doc: Omit<PartNumberDoc, 'toolId'> }[] = [];
  if (t.partNumber) out.push({ key: partNumberKey(t.partNumber), doc: { kind: 'part', number: t.partNumber } });
  for (const a of t.aliases ?? []) if (isUniqueAliasKind(a.kind)) out.push({ key: partNumberKey(a.number), doc: { kind: 'superseded', number: a.number } });
  return out;
}
