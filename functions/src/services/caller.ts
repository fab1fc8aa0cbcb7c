/** Who is calling: verified from the ID token and the Auth record by the HTTP layer, used by the services. */
export interface Caller {
  uid: string;
  email: string;
  name: string;
  /** The role as it is at the time of the call (the Auth record), not as the token says. */
  admin: boolean;
  token: string;
}
