import type { Carrier } from '@fridgeparts/common/shipping/methods';
import type { ShippingMethod } from '@fridgeparts/common/shipping/methods.answers';
import type { ShippingMethodInput } from '@fridgeparts/common/shipping/methods.schema';

/**
 * The shipping method form's values as its inputs hold them (text), and the PUT body made from
 * them (CONTRACT §14, decision 0078). Apart from the components and from zod, so the mapping is
 * tested on its own and the page's first load carries no schema.
 */

/**
 * CARRIERS, SHIPPING_LIMITS and SHIPPING_METHOD_ID as common/shipping/methods has them
 * (method-form.test.ts holds them equal): a copy, because that module builds its zod schemas when
 * imported, and the page would carry zod in its first load.
 */
export const FORM_CARRIERS = ['ups', 'fedex', 'usps', 'freight', 'other'] as const satisfies readonly Carrier[];
export const FORM_LIMITS = { methods: 50, nameLength: 60, zones: 50, rates: 20, regionLength: 60, transitDays: 60 } as const;
export const METHOD_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const METHOD_ID_LENGTH = 40;

export interface ZoneForm {
  /** Two letters, like US; capitals are made on the way out. */
  country: string;
  /** Region codes separated by commas, like "TX, OK, LA"; empty for the whole country. */
  regions: string;
}

export interface RateForm {
  /** Pounds as typed; empty for no weight limit. */
  maxWeight: string;
  /** Dollars as typed; empty for no subtotal limit. */
  maxSubtotal: string;
  /** Dollars as typed; 0 is free. */
  amount: string;
}

export interface MethodForm {
  /** The method's id, the last part of PUT /shipping/methods/{id}: typed or made from the name for a new method, fixed for one that exists. */
  id: string;
  name: string;
  carrier: Carrier;
  zones: ZoneForm[];
  rates: RateForm[];
  transitDays: { min: string; max: string };
  freightOnly: boolean;
}

export const newZone = (): ZoneForm => ({ country: 'US', regions: '' });
export const newRate = (): RateForm => ({ maxWeight: '', maxSubtotal: '', amount: '' });

export const emptyMethodForm = (): MethodForm => ({
  id: '',
  name: '',
  carrier: 'ups',
  zones: [newZone()],
  rates: [newRate()],
  transitDays: { min: '', max: '' },
  freightOnly: false,
});

/** The form's values for a method as read, so an edit starts from exactly what the server holds. */
export function methodFormOf(m: ShippingMethod): MethodForm {
  return {
    id: m.id,
    name: m.name,
    carrier: m.carrier,
    zones: m.zones.map((z) => ({ country: z.country, regions: (z.regions ?? []).join(', ') })),
    rates: m.rates.map((r) => ({
      maxWeight: r.maxWeight === undefined ? '' : String(r.maxWeight),
      maxSubtotal: r.maxSubtotal === undefined ? '' : r.maxSubtotal.toFixed(2),
      amount: r.amount.toFixed(2),
    })),
    transitDays: { min: String(m.transitDays.min), max: String(m.transitDays.max) },
    freightOnly: m.freightOnly,
  };
}

/**
 * A method's id made from its name, as the API takes ids: lower-case letters, digits and dashes,
 * at most 40 ("UPS Ground" -> "ups-ground", "Next-Day Café" -> "next-day-cafe").
 */
export function idFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, METHOD_ID_LENGTH)
    .replace(/-+$/, '');
}

const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

/** A typed amount or weight: a number when it reads as one (the server then checks its decimals and range), else the text, for the server's own message. */
const numberOrText = (typed: string): number | string => {
  const t = typed.trim();
  return DECIMAL.test(t) ? Number(t) : t;
};

/** Transit days: the API takes whole numbers only (not text), so anything else goes as typed and is refused with its message. */
const wholeOrText = (typed: string): number | string => {
  const t = typed.trim();
  return WHOLE.test(t) ? Number(t) : t;
};

/** "tx, ok , LA" -> ["TX", "OK", "LA"]: commas (or semicolons, or lines) between codes; none is the whole country. */
export const regionsOf = (typed: string): string[] =>
  typed
    .split(/[,;\n]+/)
    .map((r) => r.trim().toUpperCase())
    .filter((r) => r !== '');

/**
 * PUT /shipping/methods/{id}: the whole method, as the API's schema takes it (the id is the
 * path's). A limit left empty is no limit; rows keep their order, since the first rate an order
 * fits gives its price.
 */
export function bodyOf(f: MethodForm): ShippingMethodInput {
  return {
    name: f.name,
    carrier: f.carrier,
    zones: f.zones.map((z) => {
      const regions = regionsOf(z.regions);
      return { country: z.country.trim().toUpperCase(), ...(regions.length > 0 ? { regions } : {}) };
    }),
    rates: f.rates.map((r) => ({
      ...(r.maxWeight.trim() !== '' ? { maxWeight: numberOrText(r.maxWeight) } : {}),
      ...(r.maxSubtotal.trim() !== '' ? { maxSubtotal: numberOrText(r.maxSubtotal) } : {}),
      amount: numberOrText(r.amount),
    })),
    // The schema's types say numbers; text that is no whole number goes up to be refused with the API's message.
    transitDays: { min: wholeOrText(f.transitDays.min) as number, max: wholeOrText(f.transitDays.max) as number },
    freightOnly: f.freightOnly,
  };
}

/**
 * The form field a message of the API (or of its schema in the browser) belongs to: the path
 * itself when it names a field, else the field the path is about. `transitDays` (min above max)
 * goes to the larger of the two; `zones.1` (a zone listed twice) to that zone's country; anything
 * deeper than a field (`zones.0.regions.3`) to the field.
 */
export function fieldOfPath(path: string): string {
  if (path === 'transitDays') return 'transitDays.max';
  const zone = /^zones\.(\d+)$/.exec(path);
  if (zone) return `zones.${zone[1]}.country`;
  const regions = /^(zones\.\d+\.regions)\.\d+$/.exec(path);
  if (regions) return regions[1]!;
  return path;
}
