/** Who is calling: verified from the ID token and the Auth record by the HTTP layer, used by the services. */
export interface Caller {
  uid: string;
  email: string;
  name: string;
  /** The role as it is at the time of the call (the Auth record), not as the token says. */
  admin: boolean;
  /**
   * The email address is proven (the Auth record's emailVerified, read on this call, so a user who
   * has just opened the link is accepted with the token they hold; Google accounts are verified).
   */
  emailVerified: boolean;
  token: string;
}
