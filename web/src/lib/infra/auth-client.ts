/**
 * Firebase Auth, loaded lazily (import('./auth-client')) so the auth SDK never weighs on the home
 * page's first paint. Everything that talks to Firebase Auth goes through here.
 */
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { config } from './config';
import { firebaseApp } from './firebase-app';

let instance: Auth | null = null;

export function authInstance(): Auth {
  if (instance) return instance;
  // initializeAuth without a popup resolver: getAuth() would fetch Google's gapi script on every
  // page load; the resolver is passed only to the Google sign-in call that needs it.
  instance = initializeAuth(firebaseApp(), { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
  return instance;
}

export type { User };

export function watchIdToken(callback: (user: User | null) => void): () => void {
  return onIdTokenChanged(authInstance(), callback);
}

export async function signInWithPassword(email: string, password: string): Promise<User> {
  return (await signInWithEmailAndPassword(authInstance(), email, password)).user;
}

export async function signUpWithPassword(name: string, email: string, password: string): Promise<User> {
  const { user } = await createUserWithEmailAndPassword(authInstance(), email, password);
  await updateProfile(user, { displayName: name });
  // The ID token must carry the new name before the shop records the user.
  await user.getIdToken(true);
  // Ordering needs a verified address (CONTRACT §9). A failed send is not a failed sign-up: the
  // dashboard's banner offers Resend.
  await sendVerificationEmail().catch(() => undefined);
  return user;
}

/** Firebase Auth's verification email for the signed-in user; its link comes back to the dashboard. */
export async function sendVerificationEmail(): Promise<void> {
  const user = authInstance().currentUser;
  if (!user) throw new Error('No user is signed in.');
  await sendEmailVerification(user, { url: `${window.location.origin}/dashboard` });
}

/**
 * Asks Firebase Auth whether the signed-in user has verified their address since (the link may be
 * opened in another tab or on a phone). When they have, the ID token is renewed so it says so too:
 * the session watcher (onIdTokenChanged) then hands the verified user to the app.
 */
export async function refreshEmailVerified(): Promise<boolean> {
  const user = authInstance().currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

export async function signInWithGoogle(): Promise<User> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return (await signInWithPopup(authInstance(), provider, browserPopupRedirectResolver)).user;
}

export function sendPasswordReset(email: string): Promise<void> {
  return sendPasswordResetEmail(authInstance(), email);
}

export function signOutUser(): Promise<void> {
  return signOut(authInstance());
}

/** The current user's ID token, refreshed by the SDK when it is close to expiry. */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  const user = authInstance().currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}
