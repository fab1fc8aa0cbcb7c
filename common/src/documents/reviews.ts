import type { ReviewInput } from '../review';
import type { Review } from '../review.answers';
import { isShopImageUrl } from '../image-url';
import { isoTime, type StoredTime } from './time';

/**
 * reviews/{id}: world-readable, so public fields only: what the reviewer sent (POST /reviews'
 * schema), their name, and the server's verdict. The author's uid is in reviewAuthors.
 * `toolId` and `verifiedBuyer` came with CONTRACT §7: older reviews have neither.
 */
export interface ReviewDoc<Time extends StoredTime = StoredTime>
  extends Pick<ReviewInput, 'image' | 'review' | 'description'>, Pick<Review, 'userName'>, Partial<Pick<Review, 'toolId' | 'verifiedBuyer'>> {
  createdAt: Time;
}

/** reviewAuthors/{reviewId}: who wrote a review. No client may read it. */
export interface ReviewAuthorDoc<Time extends StoredTime = StoredTime> {
  uid: string;
  createdAt: Time;
}

/**
 * hiddenReviews/{reviewId}: a review an admin hid (DELETE /reviews/{id}, CONTRACT §9), kept as it
 * was with who hid it and when (the audit trail). No client may read it.
 */
export interface HiddenReviewDoc<Time extends StoredTime = StoredTime> extends ReviewDoc<Time> {
  hiddenAt: Time;
  /** The admin's uid. */
  hiddenBy: string;
}

/**
 * A stored review to the API shape: verified only when the server said so. An image stored before
 * CONTRACT §9 that the shop would refuse today (http:, javascript:, ...) is passed on as '' (no
 * image: the web shows the reviewer's initial), by the API and by the web's live reads alike.
 */
export function reviewFromDoc(id: string, r: Omit<ReviewDoc, 'createdAt'> & { createdAt?: StoredTime | null }): Review {
  return {
    _id: id,
    image: isShopImageUrl(r.image) ? r.image : '',
    review: r.review,
    description: r.description,
    userName: r.userName,
    toolId: r.toolId ?? null,
    verifiedBuyer: r.verifiedBuyer === true,
    createdAt: isoTime(r.createdAt),
  };
}
