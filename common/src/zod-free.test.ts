import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The entity modules the web reads values from are zod-free (decision 0073): their schemas, and the
 * answer types as the schemas' z.infer, sit beside them in `*.schema.ts` and `*.answers.ts`, which
 * the web imports as types only (eslint). Here: no value import, however deep, reaches zod.
 */
const ZOD_FREE = [
  'company.ts',
  'contract-prices.ts',
  'invoice.ts',
  'constants.ts',
  // The web's api client reads isErrorBody on every load; ErrorBody is its schema's z.infer, taken as a type.
  'errors.ts',
  // Only the names of responses.answers.ts's types, erased.
  'responses.ts',
  'money.ts',
  'pricing.ts',
  'order-lifecycle.ts',
  'order-state-view.ts',
  'shipping/parcel.ts',
  'shipping/ship-dates.ts',
  'shipping/shipments.ts',
  'returns/returns.ts',
  'documents/returns.ts',
  'availability/availability.ts',
  'tax/exemption.ts',
  'models/model-basics.ts',
  'models/appliance-model.ts',
];

const SRC = dirname(fileURLToPath(import.meta.url));

/** The modules a file imports for their values: `import type` and `export type ... from` run nothing. */
export function valueImportsOf(source: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'/g;
  for (const m of source.matchAll(statement)) {
    if (m[5]) {
      found.push(m[5]);
      continue;
    }
    if (m[2]) continue;
    const names = m[3].trim();
    const braced = /^\{([\s\S]*)\}$/.exec(names);
    const allTypes =
      braced !== null &&
      braced[1]
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (!allTypes) found.push(m[4]);
  }
  return found;
}

/** Every module reached through value imports from `file` (relative ones followed; packages named). */
function reachedFrom(file: string, seen = new Set<string>()): Set<string> {
  for (const spec of valueImportsOf(readFileSync(file, 'utf8'))) {
    const key = spec.startsWith('.') ? resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`) : spec;
    if (seen.has(key)) continue;
    seen.add(key);
    if (spec.startsWith('.')) reachedFrom(key, seen);
  }
  return seen;
}

describe('zod-free entity modules', () => {
  it.each(ZOD_FREE)('%s reaches no zod through its value imports', (name) => {
    const reached = [...reachedFrom(resolve(SRC, name))].map((m) => m.replace(`${SRC}/`, ''));
    expect(
      reached.filter((m) => m === 'zod' || m.startsWith('zod/') || m.endsWith('zod-setup.ts') || m.endsWith('.schema.ts') || m.endsWith('.answers.ts')),
    ).toEqual([]);
  });

  it('tells a value import from a type import', () => {
    const source = [
      "import { z } from './zod-setup';",
      "import type { Company } from './company.schema';",
      "import { type Address, type ShipTo } from './company.schema';",
      "import { COMPANY_LIMITS, type CompanyRole } from './company';",
      "export type { Tool } from './tool';",
      "export { dollars } from './answer-fields.schema';",
      "import './side-effect';",
    ].join('\n');
    expect(valueImportsOf(source)).toEqual(['./zod-setup', './company', './answer-fields.schema', './side-effect']);
  });
});
