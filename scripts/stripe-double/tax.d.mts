// Types of tax.mjs, for the TypeScript tests that read the table and the rounding
// (tests/api/stripe-double-tax-rounding.test.ts).

export interface Registration {
  readonly state: string;
  readonly bp: number;
  readonly percentage: string;
  readonly shippingTaxed: boolean;
}

export declare const REGISTERED_STATES: readonly Registration[];
export declare const TAX_CODES: { readonly general: string; readonly nontaxable: string; readonly shipping: string };
export declare const ZERO_PERCENTAGE: string;
export declare function isTaxCode(code: unknown): boolean;
export declare function taxOf(amount: number, bp: number): number;
export declare function taxRateId(registration: Registration): string;
export declare function registrationOfTaxRate(id: string): Registration | null;
export declare function registrationFor(address: { country?: string | null; state?: string | null } | null): Registration | null;

export interface TaxedLine {
  amountTax: number;
  taxableAmount: number;
  reason: 'standard_rated' | 'not_collecting' | 'customer_exempt' | 'reverse_charge' | 'product_exempt' | 'not_subject_to_tax';
  percentage: string;
  registration: Registration | null;
}

export declare function taxLine(line: {
  amount: number;
  taxCode?: string;
  address: { country?: string | null; state?: string | null } | null;
  override?: 'none' | 'customer_exempt' | 'reverse_charge';
}): TaxedLine;
export declare function groupTaxes<T extends TaxedLine>(taxed: T[]): T[];
