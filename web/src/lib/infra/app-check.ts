import { config } from './config';

/**
 * App Check for the API (docs/decisions/0013-app-check.md). With a site key, the App Check SDK is
 * loaded lazily on the first API call (it is not in the home page's first-paint JS) and every
 * API request carries `X-Firebase-AppCheck`. With a debug token (a build run off the real domain,
 * e.g. a staging site or CI against a real project), the SDK's debug provider is used instead of
 * reCAPTCHA. Without a site key (the local stack: App Check needs Google's backend) no header
 * is sent and the function does not enforce it.
 */
type TokenGetter = () => Promise<string | null>;

let getter: Promise<TokenGetter> | null = null;

async function load(): Promise<TokenGetter> {
  if (config.appCheckDebugToken) (self as unknown as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = config.appCheckDebugToken;
  // firebase/app too loads here, not with the API client: it is not in any page's first load.
  const [{ initializeAppCheck, ReCaptchaEnterpriseProvider, getToken }, { firebaseApp }] = await Promise.all([
    import('firebase/app-check'),
    import('./firebase-app'),
  ]);
  const appCheck = initializeAppCheck(firebaseApp(), { provider: new ReCaptchaEnterpriseProvider(config.appCheckSiteKey), isTokenAutoRefreshEnabled: true });
  return async () => {
    try {
      return (await getToken(appCheck)).token;
    } catch {
      // The function answers 401 with a message if it enforces App Check; nothing to add here.
      return null;
    }
  };
}

/** The current App Check token, or null when App Check is not configured or unavailable. */
export async function appCheckToken(): Promise<string | null> {
  if (!config.appCheckSiteKey) return null;
  getter ??= load();
  return (await getter)();
}
