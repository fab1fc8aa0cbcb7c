/**
 * Texts the user sees, verbatim from SPEC.md (§2, §5, §8) where the spec gives them.
 * Their spelling is part of the product ("success fully", "Linkedln") and must not be "fixed".
 */
export const MESSAGES = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Password must be 6 characters or more',
  nameRequired: 'Name is Required',
  resetNeedsEmail: 'please enter email address',
  resetSent: 'reset password send your email address',
  quantityOutOfRange: 'Quantity can not be less than MinimumQuantity and higher than AvailableQuantity',
  bookingAdded: 'booking added successfully',
  reviewAdded: 'review added success fully',
  productAdded: 'Product added Successfully',
  madeAdmin: 'Successfully made an admin',
  /** CONTRACT §3: Remove Admin takes the role away; the user stays as a customer. */
  adminRemoved: 'Admin role removed',
  /** CONTRACT §13: a cart edit or checkout named a version the cart has moved on from (412). */
  cartMoved: 'Your cart changed in another tab or on another device since this page showed it, so nothing was changed. Here it is now: check it and try again.',
  /** SPEC §8: shown on / after the API rejected the session (401). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  makeAdminFailed: 'Failed to Make an admin',
  noUserLoggedIn: 'No user is logged in',
  deleteConfirm: 'Are You Sure You Want To Delete Item',
  authLoading: 'loading......',
  dashboardWelcome: 'Welcome to Dashboard',
  cardDeclined: 'Your card was declined.',
} as const;
