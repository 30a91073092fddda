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
