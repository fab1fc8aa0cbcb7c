/** Small answers of the admin and cancel calls (CONTRACT §3), shared by the function and the SPA. */

/** DELETE /booking, DELETE /bookingOrder/{id}, DELETE /manage/{id}, DELETE /alluserr/{email}. */
export interface DeletedCountResponse {
  deletedCount: number;
}

/** PUT /user/admin/{email}: 1 when the user became an admin, 0 when they already were. */
export interface ModifiedCountResponse {
  modifiedCount: number;
}

/** DELETE /reviews/{id} (admin, CONTRACT §9): the review is hidden; the same answer when it already was. */
export interface HiddenReviewResponse {
  _id: string;
  hidden: true;
  /** When it was first hidden (ISO time). */
  hiddenAt: string;
}

/** GET /specs (CONTRACT §11): what categories and spec keys are called, and each spec's unit. */
export interface SpecsResponse {
  categories: { key: string; label: string }[];
  specs: { key: string; label: string; unit: string }[];
}
