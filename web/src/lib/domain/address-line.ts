import type { Address } from '@fridgeparts/common/company.answers';

/**
 * An address on one line, for tables, the read-only company page and the order forms' ship-to
 * choice: "12 Main St, Unit 4, Springfield, IL 62701, US".
 */
export function addressLine(a: Address): string {
  const cityLine = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine, a.country].filter(Boolean).join(', ');
}
