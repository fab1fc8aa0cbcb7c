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
  return user;
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
