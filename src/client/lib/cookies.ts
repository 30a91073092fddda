// Browser cookies by name (spec §3 Cookies: token, refreshToken, trackingLink, locale).

/** Reads a cookie, or null. */
export function getCookie(name: string, doc: Document = document): string | null {
  const hit = doc.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/** SameSite=Lax always; Secure when the page is served over HTTPS (tokens never travel in clear). */
const attributes = (doc: Document) => `path=/; SameSite=Lax${doc.location?.protocol === 'https:' ? '; Secure' : ''}`;

/** Sets a cookie for the whole site, expiring at `expires`. */
export function setCookie(name: string, value: string, expires: Date, doc: Document = document): void {
  doc.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; ${attributes(doc)}`;
}

/** Removes a cookie. */
export function deleteCookie(name: string, doc: Document = document): void {
  doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(doc)}`;
}

/** Lifetime of the locale cookie in days (spec §9). */
export const LOCALE_COOKIE_DAYS = 365;
/** The site's language when the locale cookie is missing or malformed. */
export const DEFAULT_LOCALE = 'en';

/** Keeps the locale cookie (spec §3): keeps a valid value or sets the default, and renews it for 365 days. */
export function ensureLocaleCookie(doc: Document = document, now: number = Date.now()): string {
  const saved = getCookie('locale', doc);
  const locale = saved && /^[a-z]{2}(-[A-Z]{2})?$/.test(saved) ? saved : DEFAULT_LOCALE;
  setCookie('locale', locale, new Date(now + LOCALE_COOKIE_DAYS * 86_400_000), doc);
  return locale;
}
