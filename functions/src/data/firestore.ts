import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type CollectionReference, type FirestoreDataConverter, type Timestamp } from 'firebase-admin/firestore';
import type { CollectionName, ShopCollections } from '@fridgeparts/common/documents/collections';
import {
  decodeSearchChunk,
  encodeSearchChunk,
  SEARCH_CHUNKS,
  SEARCH_SNAPSHOT_ID,
  type SearchChunkDoc,
  type StoredSearchChunkDoc,
} from '@fridgeparts/common/documents/search-snapshot';
import type { ContractPriceDoc as StoredContractPriceDoc } from '@fridgeparts/common/documents/contract-prices';

/**
 * Typed Firestore references (STYLE: data/). The documents are common/src/documents/ (one model
 * for the functions, the web's live reads, the seed and the tests), here with the Admin SDK's
 * Timestamp; the mappers there turn them into the API's JSON shapes.
 */
if (getApps().length === 0) initializeApp();

export const db = getFirestore();
export const auth = getAuth();

type Stored = ShopCollections<Timestamp>;
export type ToolDoc = Stored['tools'];
export type ReviewDoc = Stored['reviews'];
export type UserDoc = Stored['users'];
export type BookingDoc = Stored['bookings'];
export type ProfileDoc = Stored['profiles'];
export type MailDoc = Stored['mail'];
export type CartDoc = Stored['carts'];
export type ModelDoc = Stored['models'];
export type CompanyDoc = Stored['companies'];
export type CompanyMemberDoc = Stored['companyMembers'];
export type CompanyInvitationDoc = Stored['companyInvitations'];
export type ContractPriceDoc = StoredContractPriceDoc<Timestamp>;
export type ShippingMethodDoc = Stored['shippingMethods'];
export type BackorderDoc = Stored['backorders'];
export type ReturnDoc = Stored['returns'];

const typed = <K extends CollectionName>(name: K) => db.collection(name) as CollectionReference<Stored[K]>;

/** A chunk's tools travel as one JSON string (StoredSearchChunkDoc says why); the code sees the tools. */
const searchChunkConverter: FirestoreDataConverter<SearchChunkDoc, StoredSearchChunkDoc> = {
  toFirestore: (chunk) => encodeSearchChunk(chunk as SearchChunkDoc),
  fromFirestore: (snap) => decodeSearchChunk(snap.data() as StoredSearchChunkDoc),
};

export const collections = {
  tools: () => typed('tools'),
  reviews: () => typed('reviews'),
  /** Keyed by review id: who wrote it. No client may read it (the review itself is public). */
  reviewAuthors: () => typed('reviewAuthors'),
  /** Keyed by review id: reviews an admin hid, with who and when. No client may read it. */
  hiddenReviews: () => typed('hiddenReviews'),
  /** Keyed by part number: { toolId }. Created with the tool in one transaction, so part numbers are unique. */
  partNumbers: () => typed('partNumbers'),
  /** counters/orders: { year, seq } for order numbers; counters/partNumbers: { seq } for assigned FP-ITEM part numbers. */
  counters: () => typed('counters'),
  /** Keyed by Firebase Auth uid. */
  users: () => typed('users'),
  bookings: () => typed('bookings'),
  /** Keyed by Firebase Auth uid: one profile per user. */
  profiles: () => typed('profiles'),
  /** Processed Stripe webhook event ids (deduplication). */
  stripeEvents: () => typed('stripeEvents'),
  /** mail/{bookingId}-{kind}: the order-email outbox (services/mail/mail-outbox.ts). */
  mail: () => typed('mail'),
  /** Keyed by Firebase Auth uid: the buyer's cart, written only here (CONTRACT §8). */
  carts: () => typed('carts'),
  /** searchSnapshot/current: the search snapshot's chunks and their versions (services/catalog/search-snapshot.ts). */
  searchSnapshot: () => typed('searchSnapshot').doc(SEARCH_SNAPSHOT_ID),
  /** searchSnapshot/current/chunks/{n}: up to 1,500 tools each, as GET /tools answers them, stored as one JSON string. */
  /** Appliance models (CONTRACT §12, decision 0051): models/{modelKey}, with every section's callouts. */
  models: () => typed('models'),
  /** modelDiagrams/{modelKey}_{sectionId}: one section's drawing as SVG text. */
  modelDiagrams: () => typed('modelDiagrams'),
  /** modelFitments/{modelKey}_{toolId}: a model lists a number of the tool (GET /tool/{id}/models). */
  modelFitments: () => typed('modelFitments'),
  /** modelDirectory/{bucket}: every model's list entry, read whole by each instance (model-directory.ts). */
  modelDirectory: () => typed('modelDirectory'),
  /** companies/{id}: a buying company, its ship-to locations, terms and counts of its people (decision 0055). */
  companies: () => typed('companies'),
  /** companyMembers/{uid}: the one company a person belongs to, and their role and spending limit. */
  companyMembers: () => typed('companyMembers'),
  /** companyInvitations/{key of the email}: at most one pending invitation per address (services/companies/companies.ts invitationKey). */
  companyInvitations: () => typed('companyInvitations'),
  /** shippingMethods/{id}: the shop's shipping methods and rates (CONTRACT §14, functions shipping/methods.ts). */
  shippingMethods: () => typed('shippingMethods'),
  /** backorders/{bookingId}_{lineIndex}: each tool's queue of open backorders (decision 0080, services/orders/backorders.ts). */
  backorders: () => typed('backorders'),
  /** returns/{rid}: returns of orders (CONTRACT §16, decision 0086, services/returns/returns.ts). */
  returns: () => typed('returns'),
  /** companies/{id}/prices/{toolId}: the company's contract prices (decision 0057, services/companies/contract-prices.ts). */
  companyPrices: (companyId: string) => db.collection('companies').doc(companyId).collection('prices') as CollectionReference<ContractPriceDoc>,
  searchChunks: () => db.collection('searchSnapshot').doc(SEARCH_SNAPSHOT_ID).collection(SEARCH_CHUNKS).withConverter(searchChunkConverter),
};

export { isoTime } from '@fridgeparts/common/documents/time';
