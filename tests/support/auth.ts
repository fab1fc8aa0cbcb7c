import './env';
import { getAuth } from 'firebase-admin/auth';
import { ADMIN_CLAIM } from '../../common/src/constants';
import { AUTH_HOST, PROJECT_ID } from './env';

const IDP = `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1`;

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  password: string;
  /** A real ID token issued by the Auth emulator. */
  token: string;
}

let counter = 0;

async function idp<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${IDP}/${path}?key=demo-api-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${json.error?.message ?? res.status}`);
  return json;
}

/** Signs in through the Auth emulator's REST API and returns a fresh ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  return (await idp<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true })).idToken;
}

/**
 * Creates a user (optionally admin, by custom claim) and signs them in. Verified by default, as
 * ordering, paying and reviewing need a verified address (CONTRACT §9); `verified: false` makes the
 * account of someone who has not opened their link yet.
 */
export async function createUser(opts: { admin?: boolean; name?: string; email?: string; verified?: boolean } = {}): Promise<TestUser> {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const email = (opts.email ?? `user-${n}@example.test`).toLowerCase();
  const name = opts.name ?? `Test User ${n}`;
  const password = 'test-password-1';
  const user = await getAuth().createUser({ email, password, displayName: name, emailVerified: opts.verified ?? true });
  if (opts.admin) await getAuth().setCustomUserClaims(user.uid, { [ADMIN_CLAIM]: true });
  return { uid: user.uid, email, name, password, token: await signIn(email, password) };
}

/** A token the emulator never issued (well-formed, wrong signature/project). */
export function foreignToken(): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ iss: 'https://securetoken.google.com/other-project', aud: 'other-project', sub: 'x', iat: now, exp: now + 3600, auth_time: now, email: 'x@example.test' })}.`;
}

/**
 * Marks an address verified the way its owner does: asks for a verification email, then opens its
 * link (the Auth emulator lists the links at its oobCodes API instead of mailing them).
 */
export async function verifyEmailByLink(token: string, email: string): Promise<void> {
  await idp('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: token });
  const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
  if (!code) throw new Error(`The Auth emulator lists no verification link for ${email}`);
  await idp('accounts:update', { oobCode: code.oobCode });
}

export async function clearAuth(): Promise<void> {
  await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
}
