/**
 * Firestore for the SPA, loaded lazily and only when VITE_CATALOG_SOURCE=firestore: the full SDK
 * (realtime listeners) is ~126 KB gzipped and never part of the home page's first paint.
 */
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { config } from './config';
import { firebaseApp } from './firebase-app';

let instance: Firestore | null = null;

export function firestore(): Firestore {
  if (instance) return instance;
  instance = getFirestore(firebaseApp());
  if (config.firestoreEmulatorHost) {
    const [host, port] = config.firestoreEmulatorHost.split(':');
    connectFirestoreEmulator(instance, host, Number(port));
  }
  return instance;
}
