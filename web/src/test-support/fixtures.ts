import type { ShippingOptions } from '@fridgeparts/common/shipping/options.answers';
import type { Booking, BookingLine } from '@fridgeparts/common/booking';
import type { CartLine } from '@fridgeparts/common/cart';
import type { Address, Company, MyCompany } from '@fridgeparts/common/company.answers';
import type { Exemption } from '@fridgeparts/common/tax/exemption.answers';
import { LINE_AT_REST } from '@fridgeparts/common/testing/sample-booking';
import { availabilityFixture } from './availability-fixture';

/** An order line: what is given, and nothing shipped, returned or backordered yet, ordered by its own number. */
export function lineFixture(
  line: Omit<
    BookingLine,
    | 'resolvedFrom'
    | 'shippedQuantity'
    | 'returnedQuantity'
    | 'returnOpenQuantity'
    | 'backorderedQuantity'
    | 'expectedOn'
    | 'coreDeposit'
    | 'coresOwed'
    | 'coresDueOn'
    | 'coresKept'
  > &
    Partial<BookingLine>,
): BookingLine {
  return { ...LINE_AT_REST, ...line };
}

/** The line of bookingFixture(): 10 door gaskets at $12.50. */
export const gasketLineFixture = (): BookingLine =>
  lineFixture({ toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125 });

/** A second line: 2 start relays at $15. */
export const relayLineFixture = (): BookingLine =>
  lineFixture({ toolId: 'r', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 2, price: 15, lineTotal: 30 });

/** A third line: 1 fuse at $5; override what a test is about (a fuse without a part number). */
export const fuseLineFixture = (over: Partial<BookingLine> = {}): BookingLine =>
  lineFixture({ toolId: 'f', partNumber: 'FP-FUS-1', name: 'Fuse', quantity: 1, price: 5, lineTotal: 5, ...over });

/**
 * Order FP-2026-000042 (PO JOB-9) of three lines, gaskets, relays and a fuse, $160 in all, as the
 * order lists and the order page show many lines; override what a test is about.
 */
export function manyLineBookingFixture(over: Partial<Booking> = {}): Booking {
  return bookingFixture({
    orderNumber: 'FP-2026-000042',
    poNumber: 'JOB-9',
    total: 160,
    lineCount: 3,
    lines: [gasketLineFixture(), relayLineFixture(), fuseLineFixture()],
    ...over,
  });
}

/**
 * One unpaid one-line booking as the API answers it, for component tests; override what a test is
 * about. Given `lines`, `lineCount` follows them unless it is given too.
 */
export function bookingFixture(over: Partial<Booking> = {}): Booking {
  const lines = over.lines ?? [gasketLineFixture()];
  return {
    _id: 'b1',
    toolId: 't',
    userName: 'Casey',
    email: 'casey@example.test',
    name: 'Door Gasket',
    phone: '+1 555 010 2030',
    address: '1 Cold Street',
    price: 12.5,
    quantity: 10,
    total: 125,
    itemMinimumQuantity: 10,
    itemAvailableQuantity: 40,
    paid: false,
    transactionId: null,
    status: null,
    orderNumber: 'FP-2026-000001',
    poNumber: null,
    partNumber: 'FP-TEST-001',
    createdAt: '2026-01-01T00:00:00.000Z',
    state: 'reserved',
    lines,
    lineCount: lines.length,
    events: [{ type: 'booked', at: '2026-01-01T00:00:00.000Z' }],
    companyId: null,
    shipToId: null,
    approval: null,
    payment: null,
    shipping: null,
    shippingAddress: null,
    shipments: [],
    shipComplete: false,
    tax: null,
    replacementFor: null,
    ...over,
  };
}

/** The address the company fixtures use for billing and their first ship-to location. */
export const FIXTURE_ADDRESS: Address = { line1: '1200 Harbor Blvd', line2: '', city: 'Oakland', region: 'CA', postalCode: '94607', country: 'US' };

/**
 * A company as every company call answers it (GET /companies/{id}, GET /me/company): Northwind on
 * card terms, one ship-to location, no people listed; override what a test is about.
 */
export function companyFixture(over: Partial<Company> = {}): Company {
  return {
    _id: 'c1',
    name: 'Northwind Refrigeration Service',
    billingAddress: FIXTURE_ADDRESS,
    shipTo: [{ id: 's1', label: 'Main shop', address: FIXTURE_ADDRESS }],
    terms: 'card',
    creditLimit: null,
    openInvoiceTotal: 0,
    members: [],
    invitations: [],
    version: '1',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/**
 * GET /me/company: a buyer of companyFixture() with a spending limit of $100 per order. `company`
 * overrides the company's own fields, the rest the membership's.
 */
export function myCompanyFixture(over: Partial<Omit<MyCompany, 'company'>> & { company?: Partial<Company> } = {}): MyCompany {
  const { company, ...membership } = over;
  return { company: companyFixture(company), role: 'buyer', spendingLimit: 100, ...membership };
}

/**
 * GET /shipping/options for an address the demo's methods serve (CONTRACT §14): free UPS Ground
 * first (the cheapest), then FedEx 2Day.
 */
export const SHIPPING_OPTIONS_FIXTURE: ShippingOptions = {
  options: [
    {
      id: 'ups-ground',
      name: 'UPS Ground',
      carrier: 'ups',
      amount: 0,
      freeUpTo: 6000,
      deliveryEstimate: { minimum: '2026-12-03', maximum: '2026-12-05' },
      shipsOn: '2026-11-30',
    },
    {
      id: 'fedex-2day',
      name: 'FedEx 2Day',
      carrier: 'fedex',
      amount: 24.5,
      deliveryEstimate: { minimum: '2026-12-02', maximum: '2026-12-02' },
      shipsOn: '2026-11-30',
    },
  ],
};

/**
 * A cart line as GET /cart answers it: 10 door gaskets at $2.50, in stock (100 on the shelf), no
 * problem, not backordered; override what a test is about.
 */
export function cartLineFixture(over: Partial<CartLine> = {}): CartLine {
  return {
    toolId: 'gasket',
    partNumber: 'FP-GSK-1',
    name: 'Door Gasket',
    quantity: 10,
    price: 2.5,
    lineTotal: 25,
    minimumQuantity: 10,
    packSize: 1,
    availableQuantity: 100,
    availability: availabilityFixture(100),
    problem: null,
    resolvedFrom: null,
    backorder: false,
    backorderedQuantity: 0,
    expectedOn: null,
    coreDeposit: 0,
    ...over,
  };
}

/** The Austin branch's address (the ship-to location exemptionFixture() is for). */
export const AUSTIN_ADDRESS: Address = { line1: '500 Congress Ave', line2: '', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' };

/**
 * A Texas resale certificate of company c1 for its Austin branch (s3), waiting for review, as the
 * exemption calls answer it; override what a test is about.
 */
export function exemptionFixture(over: Partial<Exemption> = {}): Exemption {
  return {
    id: 'ex-1',
    companyId: 'c1',
    shipToId: 's3',
    kind: 'resale',
    state: 'TX',
    number: '12-345',
    signedOn: '2026-11-01',
    expiresOn: '2027-11-01',
    status: 'pending',
    reason: null,
    fileBytes: 2048,
    createdAt: '2026-11-28T10:00:00.000Z',
    reviewedAt: null,
    words: 'Resale certificate 12-345 (TX)',
    ...over,
  };
}

/** A cart line of one hermetic compressor at $310 with a $75 core deposit (decision 0088). */
export const compressorCartLineFixture = (): CartLine =>
  cartLineFixture({ toolId: 'cmp', partNumber: 'FP-CMP-134A-033', name: 'Hermetic Compressor', quantity: 1, price: 310, lineTotal: 310, coreDeposit: 75 });
