import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { SHOP_URL } from '@fridgeparts/common/local-stack';
import { DEFAULT_CUTOFF, parseShipCutoff, SHIP_CUTOFF_DEFAULT, SHIP_CUTOFF_MESSAGE, type ShipCutoff } from '@fridgeparts/common/shipping/ship-dates';
import { parseRateLimitScale, RATE_LIMIT_SCALE_ENV } from '@fridgeparts/common/rate-limit-scale';
import { DEFAULT_RETURN_DAYS } from '@fridgeparts/common/returns/returns';
import { DEFAULT_WARRANTY_RETURN_DAYS } from '@fridgeparts/common/returns/warranty';
import { DEFAULT_CORE_RETURN_DAYS } from '@fridgeparts/common/returns/cores';

/**
 * The function's secrets (Cloud Secret Manager; `firebase functions:secrets:set NAME`). They are
 * listed on the `api` function's options in index.ts, which is what makes them readable at run
 * time. Locally none is set and the function talks to the Stripe double (stripe-client.ts).
 */
export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY', {
  label: 'Stripe secret key',
  description: 'Secret API key of the Stripe account (sk_live_... or sk_test_...). Dashboard > Developers > API keys.',
});

export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET', {
  label: 'Stripe webhook signing secret',
  description:
    'Signing secret (whsec_...) of the Stripe webhook endpoint https://<your-site>/stripe/webhook, subscribed to payment_intent.succeeded, payment_intent.payment_failed, payment_intent.canceled and charge.refunded.',
});

export const SMTP_URL = defineSecret('SMTP_URL', {
  label: 'SMTP server for order emails',
  description: 'Where order emails are sent, as a nodemailer URL: smtps://user:password@smtp.example.com:465 (or smtp://...:587 with STARTTLS).',
});

export const FUNCTION_SECRETS = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SMTP_URL];

/**
 * Every default of the function's configuration, in one place (issue 16). The params below name
 * them for the deploy CLI; the readers at the end answer them where a param is unset (the local
 * stack, tests).
 */
const DEFAULTS = {
  // The local stack's shop: a deployment sets its own.
  siteUrl: SHOP_URL,
  mailFrom: 'FridgeParts <orders@fridgeparts.test>',
  holdHours: 48,
  returnDays: DEFAULT_RETURN_DAYS,
  warrantyReturnDays: DEFAULT_WARRANTY_RETURN_DAYS,
  appCheckEnforce: false,
} as const;

/** The shop's public address, for links in emails (the Pay link of the booked email). */
export const SITE_URL = defineString('SITE_URL', {
  default: DEFAULTS.siteUrl,
  description: 'Public origin of the shop (https://fridgeparts.example.com), used for links in order emails.',
});

/** The sender of order emails. */
export const MAIL_FROM = defineString('MAIL_FROM', {
  default: DEFAULTS.mailFrom,
  description: 'From address of order emails, e.g. "FridgeParts <orders@your-domain>" (a domain your SMTP server may send for).',
});

/** CONTRACT §7: how long an unpaid booking holds its stock before the sweep releases it. */
export const RESERVATION_HOLD_HOURS = defineInt('RESERVATION_HOLD_HOURS', {
  default: DEFAULTS.holdHours,
  description: 'Hours an unpaid booking keeps its stock reserved before the scheduled sweep releases it.',
});

/** CONTRACT §16: the return window of wrong-part and not-needed returns, in days after delivery. */
export const RETURN_DAYS = defineInt('RETURN_DAYS', {
  default: DEFAULTS.returnDays,
  description: 'Days after delivery (or shipment) a part may be returned as wrong-part or not-needed (defective: 365, damaged in transit: 30).',
});

/** Decision 0087: the days after a warranty claim's approval its failed part is due back, else the replacement is charged. */
export const WARRANTY_RETURN_DAYS = defineInt('WARRANTY_RETURN_DAYS', {
  default: DEFAULTS.warrantyReturnDays,
  description: 'Days after a warranty claim is approved (and its replacement shipped) the failed part must arrive before the replacement is charged.',
});

/** CONTRACT §16 (decision 0088): the days after a line's shipment its cores may come back for their deposit. */
export const CORE_RETURN_DAYS = defineInt('CORE_RETURN_DAYS', {
  default: DEFAULT_CORE_RETURN_DAYS,
  description: 'Days after a line ships that its cores may be returned for the core deposit; after that the sweep marks them kept.',
});

/** App Check enforcement (off on the local stack: docs/decisions/0013-app-check.md). */
export const APP_CHECK_ENFORCE = defineBoolean('APP_CHECK_ENFORCE', {
  default: DEFAULTS.appCheckEnforce,
  description: 'Refuse API calls without a valid App Check token from the web app (set true once the web app has a reCAPTCHA Enterprise site key).',
});

/**
 * True in a deployed function (not the emulator, not a test): it must never fall back to a local
 * service (the Stripe double, MailDev).
 */
export function isDeployed(): boolean {
  return !!process.env.K_SERVICE && process.env.FUNCTIONS_EMULATOR !== 'true';
}

/** A secret's value, or '' when unset (without firebase-functions' warning for unset secrets). */
export function secretValue(secret: typeof STRIPE_SECRET_KEY): string {
  return process.env[secret.name] === undefined ? '' : secret.value().trim();
}

/**
 * A string parameter's value, or its default when unset. Outside a deployment (the local stack,
 * tests) the CLI has not filled params in, and firebase-functions would answer '' (or 0).
 */
function stringParam(param: typeof SITE_URL, fallback: string): string {
  return process.env[param.name] === undefined ? fallback : param.value().trim() || fallback;
}

/**
 * The shop's public origin for links in order emails, or null where no email may link anywhere:
 * a deployed function whose SITE_URL is unset, blank, not an http(s) URL, or a loopback address
 * (the param's default is the local shop, which a deploy that never set it would fill in). Mail
 * then stays queued rather than sending a customer to localhost (CONTRACT §9, decision 0038).
 * Outside a deployment the local shop is the answer when unset.
 */
export function siteUrl(): string | null {
  const url = stringParam(SITE_URL, isDeployed() ? '' : DEFAULTS.siteUrl);
  if (!isDeployed()) return url;
  return isPublicOrigin(url) ? url.replace(/\/+$/, '') : null;
}

function isPublicOrigin(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return !(host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' || /^127\./.test(host));
}

export const mailFrom = () => stringParam(MAIL_FROM, DEFAULTS.mailFrom);

/** The hold in hours: the parameter when set to a positive whole number, else the default. */
export function reservationHoldHours(): number {
  const raw = process.env[RESERVATION_HOLD_HOURS.name];
  const hours = raw === undefined ? DEFAULTS.holdHours : RESERVATION_HOLD_HOURS.value();
  return Number.isInteger(hours) && hours > 0 ? hours : DEFAULTS.holdHours;
}

/** The return window in days: the parameter when set to a positive whole number, else 30. */
export function returnDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[RETURN_DAYS.name];
  const days = raw === undefined || raw.trim() === '' ? DEFAULTS.returnDays : Number(raw);
  return Number.isInteger(days) && days > 0 && days <= 3650 ? days : DEFAULTS.returnDays;
}

/** The days a warranty claim's failed part is due after approval: the parameter when a positive whole number, else 30. */
export function warrantyReturnDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[WARRANTY_RETURN_DAYS.name];
  const days = raw === undefined || raw.trim() === '' ? DEFAULTS.warrantyReturnDays : Number(raw);
  return Number.isInteger(days) && days > 0 && days <= 3650 ? days : DEFAULTS.warrantyReturnDays;
}

/** The core return window in days: the parameter when set to a positive whole number, else 60. */
export function coreReturnDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[CORE_RETURN_DAYS.name];
  const days = raw === undefined || raw.trim() === '' ? DEFAULT_CORE_RETURN_DAYS : Number(raw);
  return Number.isInteger(days) && days > 0 && days <= 3650 ? days : DEFAULT_CORE_RETURN_DAYS;
}

/** When orders stop shipping the same day (CONTRACT §14): "HH:MM Zone", weekdays. */
export const SHIP_CUTOFF = defineString('SHIP_CUTOFF', {
  default: SHIP_CUTOFF_DEFAULT,
  description: 'The daily cut-off for same-day shipping, as HH:MM and an IANA time zone (orders on a weekday before it ship that day)',
});

/**
 * The cut-off, read strictly: unset or blank is the default; a value that is not "HH:MM Zone"
 * throws naming the variable and what it should be, never a silent default. Read once per
 * instance, and first by createApp (http/app.ts), so a bad SHIP_CUTOFF stops the function at
 * startup with this message rather than answering 500 to the first call that dates a shipment.
 */
export function shipCutoff(env: NodeJS.ProcessEnv = process.env): ShipCutoff {
  if (env !== process.env) return readShipCutoff(env[SHIP_CUTOFF.name]);
  return (cutoffRead ??= readShipCutoff(process.env[SHIP_CUTOFF.name]));
}
let cutoffRead: ShipCutoff | undefined;

function readShipCutoff(raw: string | undefined): ShipCutoff {
  if (raw === undefined || raw.trim() === '') return DEFAULT_CUTOFF;
  try {
    return parseShipCutoff(raw.trim());
  } catch (e) {
    throw new Error(`Configuration: ${e instanceof Error ? e.message : SHIP_CUTOFF_MESSAGE}`);
  }
}

/** Whether the API refuses calls without an App Check token. */
export function appCheckEnforced(): boolean {
  return process.env[APP_CHECK_ENFORCE.name] === undefined ? DEFAULTS.appCheckEnforce : APP_CHECK_ENFORCE.value();
}

/** The local stack's rate-limit multiplier (common/src/rate-limit-scale.ts); 1 when deployed, unset or not a number from 1 to 1000. */
export function rateLimitScale(env: NodeJS.ProcessEnv = process.env): number {
  if (isDeployed()) return 1;
  return parseRateLimitScale(env[RATE_LIMIT_SCALE_ENV]) ?? 1;
}

/** The environment variable that shortens the search index's re-check (tests); unset, 20 s. */
export const SEARCH_RECHECK_ENV = 'SEARCH_RECHECK_MS';
const SEARCH_RECHECK_DEFAULT_MS = 20_000;

/**
 * How often an instance re-reads the search snapshot's version document when it serves a search
 * (CONTRACT §11: a change searchable within 60 s). The default when deployed; outside a deployment
 * SEARCH_RECHECK_MS (a whole number of ms from 0 to the default) may shorten it, so the API tests
 * see an edit without waiting.
 */
export function searchRecheckMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[SEARCH_RECHECK_ENV];
  if (isDeployed() || raw === undefined || !/^\d{1,6}$/.test(raw)) return SEARCH_RECHECK_DEFAULT_MS;
  return Math.min(Number(raw), SEARCH_RECHECK_DEFAULT_MS);
}
