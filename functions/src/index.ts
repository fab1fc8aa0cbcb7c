import { onRequest } from 'firebase-functions/v2/https';
import { getAppCheck } from 'firebase-admin/app-check';
import { defineBoolean } from 'firebase-functions/params';
import { createApp } from './http/app';
import { FUNCTION_SECRETS } from './config';

const APP_CHECK_ENFORCE = defineBoolean('APP_CHECK_ENFORCE', {
  default: false,
  description: 'Refuse API calls without a valid App Check token from the web app (set true once the web app has a reCAPTCHA Enterprise site key).',
});

/** The shop's REST API (SPEC §7), reached through the Hosting rewrites in firebase.json. */
export const api = onRequest({ region: 'us-central1', memory: '512MiB', concurrency: 80, maxInstances: 10, secrets: FUNCTION_SECRETS }, createApp({ appCheck: { enforce: () => APP_CHECK_ENFORCE.value(), verify: (token) => getAppCheck().verifyToken(token) } }));
