/**
 * Which image addresses the shop shows (CONTRACT §9): an https URL with a host, or a path the shop
 * serves itself under /images/. No zod here: the web's review list (on the home page's first load)
 * checks stored images with it, and the schemas in tool.ts and review.ts refuse the rest with it.
 * http: (mixed content, a tracker on the wire), javascript:/data: (script or a payload in the
 * page), protocol-relative `//host` (another site) and paths that climb out of /images/ are not
 * images the shop vouches for.
 */
const SHOP_IMAGE_PATH = /^\/images(\/[\w\-.]+)+$/;
/** https, a host name or address (no user:password@), an optional port, then anything but spaces and backslashes. */
const HTTPS_URL = /^https:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#][^\\]*)?$/i;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPACE_OR_CONTROL = /[\s\u0000-\u001F\u007F-\u009F]/;

export function isShopImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000 || SPACE_OR_CONTROL.test(value)) return false;
  if (value.startsWith('/')) return SHOP_IMAGE_PATH.test(value) && !value.split('/').some((s) => s === '.' || s === '..');
  return HTTPS_URL.test(value);
}
