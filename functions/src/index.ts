import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './http/app';

/** The shop's REST API (SPEC §7), reached through the Hosting rewrites in firebase.json. */
export const api = onRequest({ region: 'us-central1', memory: '512MiB', concurrency: 80, maxInstances: 10 }, createApp());
