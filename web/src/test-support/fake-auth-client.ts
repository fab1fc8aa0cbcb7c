import { vi } from 'vitest';

/**
 * Firebase Auth faked at its boundary, lib/auth-client.ts (everything that talks to Firebase Auth
 * goes through it): a signed-in user whose ID token the API client sends as Bearer and whose
 * session the real SessionProvider restores. signed-in.tsx puts it in place of lib/auth-client
 * (the one place a test fakes sign-in). The calls a form makes (sign in, reset, verify) are spies
 * a test may answer otherwise (`signInWithPassword.mockRejectedValueOnce(...)`).
 */

/** The Bearer every request of the fake user carries. */
export const TEST_ID_TOKEN = 'test-id-token';

export interface FakeUser {
  uid: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
}

type User = FakeUser & {
  getIdToken: (forceRefresh?: boolean) => Promise<string>;
  getIdTokenResult: () => Promise<{ token: string; claims: Record<string, unknown> }>;
};

let current: User | null = null;
const watchers = new Set<(user: User | null) => void>();

/** Who is signed in from now on (null: nobody); the session hears of it as from Firebase Auth. */
export function signInAs(user: FakeUser | null): void {
  // No custom claims: an admin check that the API answers yes refreshes the token, which gives the same one.
  current = user && { ...user, getIdToken: async () => TEST_ID_TOKEN, getIdTokenResult: async () => ({ token: TEST_ID_TOKEN, claims: {} }) };
  watchers.forEach((w) => w(current));
}

export const authInstance = () => ({ currentUser: current });

let restored: Promise<void> = Promise.resolve();

/**
 * Holds back Firebase Auth's first word on a stored session until `release()`: the session stays
 * loading meanwhile, as while the auth SDK restores it on a slow device.
 */
export function holdRestore(): () => void {
  let release: () => void = () => undefined;
  restored = new Promise<void>((resolve) => (release = resolve));
  return () => {
    release();
    restored = Promise.resolve();
  };
}

export const watchIdToken = (callback: (user: User | null) => void) => {
  watchers.add(callback);
  void restored.then(() => watchers.has(callback) && callback(current));
  return () => void watchers.delete(callback);
};

export const currentIdToken = async () => (current ? TEST_ID_TOKEN : null);

export const signOutUser = async () => signInAs(null);

/** An error as Firebase Auth throws it, with its `auth/...` code. */
export function authError(code: string): Error {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

const userFor = (email: string, displayName = email.split('@')[0] ?? email): FakeUser => ({ uid: `u-${email}`, email, displayName, emailVerified: true });

/** Signs `email` in (any password), as Firebase Auth does for a known account. */
export const signInWithPassword = vi.fn(async (email: string, _password: string) => {
  signInAs(userFor(email));
  return current!;
});

/** Makes and signs in a new, unverified account. */
export const signUpWithPassword = vi.fn(async (name: string, email: string, _password: string) => {
  signInAs({ ...userFor(email, name), emailVerified: false });
  return current!;
});

/** Signs in the Google account the popup chose: Casey's, verified. */
export const signInWithGoogle = vi.fn(async () => {
  signInAs(userFor('casey@example.test', 'Casey'));
  return current!;
});

export const sendPasswordReset = vi.fn(async (_email: string) => undefined);

export const sendVerificationEmail = vi.fn(async () => {
  if (!current) throw new Error('No user is signed in.');
});

/** Whether the signed-in user has verified the address by now (as the fake user says). */
export const refreshEmailVerified = vi.fn(async () => current?.emailVerified ?? false);
