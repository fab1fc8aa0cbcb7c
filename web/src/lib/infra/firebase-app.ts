import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { config } from './config';

/** The one Firebase app. Only firebase/app is imported here: SDKs load lazily where needed. */
export function firebaseApp(): FirebaseApp {
  return getApps().length ? getApp() : initializeApp(config.firebase);
}
