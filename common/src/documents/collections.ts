import type { ModelDiagramDoc, ModelDirectoryDoc, ModelDoc, ModelFitmentDoc } from './appliance-models';
import type { BackorderDoc } from './backorders';
import type { BookingDoc, CounterDoc } from './bookings';
import type { CartDoc } from './carts';
import type { CompanyDoc, CompanyInvitationDoc, CompanyMemberDoc } from './companies';
import type { MailDoc } from './mail';
import type { ProfileDoc } from './profiles';
import type { SearchSnapshotDoc } from './search-snapshot';
import type { ShippingMethodDoc } from './shipping-methods';
import type { ReturnDoc } from './returns';
import type { HiddenReviewDoc, ReviewAuthorDoc, ReviewDoc } from './reviews';
import type { StripeEventDoc } from './stripe-events';
import type { StoredTime } from './time';
import type { PartNumberDoc, ToolDoc } from './tools';
import type { UserDoc } from './users';

/** Every collection the shop keeps and the document stored in it (who may read and write: firestore.rules). */
export interface ShopCollections<Time extends StoredTime = StoredTime> {
  tools: ToolDoc<Time>;
  partNumbers: PartNumberDoc;
  reviews: ReviewDoc<Time>;
  reviewAuthors: ReviewAuthorDoc<Time>;
  /** Reviews an admin hid, moved out of `reviews` (CONTRACT §9). */
  hiddenReviews: HiddenReviewDoc<Time>;
  users: UserDoc<Time>;
  profiles: ProfileDoc<Time>;
  bookings: BookingDoc<Time>;
  counters: CounterDoc;
  stripeEvents: StripeEventDoc<Time>;
  mail: MailDoc<Time>;
  /** Keyed by Firebase Auth uid: the buyer's cart (CONTRACT §8). */
  carts: CartDoc<Time>;
  /** The catalogue's search snapshot: `current`, with its chunks in `current/chunks` (search-snapshot.ts). */
  searchSnapshot: SearchSnapshotDoc;
  /** Appliance models (CONTRACT §12), keyed by modelKey; their drawings, fitments and directory (appliance-models.ts). */
  models: ModelDoc<Time>;
  modelDiagrams: ModelDiagramDoc;
  modelFitments: ModelFitmentDoc;
  modelDirectory: ModelDirectoryDoc;
  /** Buying as a company (CONTRACT §10, decision 0055): companies, one membership per person (keyed by uid), pending invitations. */
  companies: CompanyDoc<Time>;
  companyMembers: CompanyMemberDoc<Time>;
  companyInvitations: CompanyInvitationDoc<Time>;
  /** Shipping methods and their rates (CONTRACT §14, decision 0075), keyed by the admin's id (parcel-ground). */
  shippingMethods: ShippingMethodDoc<Time>;
  /** Open backorders, each tool's queue (CONTRACT §14, decision 0080), keyed {bookingId}_{lineIndex}. */
  backorders: BackorderDoc<Time>;
  /** Returns (CONTRACT §16, decision 0086), keyed by the server's 24-hex id. */
  returns: ReturnDoc<Time>;
}

export type CollectionName = keyof ShopCollections;

// A record, so the compiler notices a collection added above and missing here.
const NAMES: Record<CollectionName, true> = {
  tools: true,
  partNumbers: true,
  reviews: true,
  reviewAuthors: true,
  hiddenReviews: true,
  users: true,
  profiles: true,
  bookings: true,
  counters: true,
  stripeEvents: true,
  mail: true,
  carts: true,
  searchSnapshot: true,
  models: true,
  modelDiagrams: true,
  modelFitments: true,
  modelDirectory: true,
  companies: true,
  companyMembers: true,
  companyInvitations: true,
  shippingMethods: true,
  backorders: true,
  returns: true,
};

/** Every collection name (the tests empty and snapshot them all). */
export const COLLECTION_NAMES = Object.keys(NAMES) as CollectionName[];
