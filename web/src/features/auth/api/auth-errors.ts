/** Firebase Auth error codes in plain words (SPEC §8: the provider's message, shown in red). */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is not correct.',
  'auth/wrong-password': 'The email or password is not correct.',
  'auth/user-not-found': 'There is no account with this email. Sign up first.',
  'auth/invalid-email': 'This email address is not valid.',
  'auth/email-already-in-use': 'An account with this email already exists. Log in instead.',
  'auth/weak-password': 'The password is too weak: use at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes or reset your password.',
  'auth/user-disabled': 'This account has been disabled. Contact the shop.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before signing in.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before signing in.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/missing-email': 'Enter your email address first.',
  'auth/account-exists-with-different-credential': 'This email is already registered with a password. Log in with it instead.',
};

export function authErrorMessage(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code && MESSAGES[code]) return MESSAGES[code];
  // Not a Firebase Auth code (e.g. the shop's API refused to record the user): its message is already plain.
  if (err instanceof Error && !code?.startsWith('auth/')) return err.message;
  return 'Sign-in did not work. Please try again.';
}
