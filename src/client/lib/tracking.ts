// utm_source tracking (spec §4): outside /ref/ paths, GET /api/tl/{utm_source} once per page load
// and keep the returned link in the trackingLink cookie until 23:59:59.999 local time.
import { getTrackingLink } from './api/auth.ts';
import { setCookie } from './cookies.ts';

let tracked = false;

/** The end of the local day of `now`. */
export function endOfLocalDay(now: Date): Date {
  const d = new Date(now);
  d.setHours(23, 59, 59, 999);
  return d;
}

/** Records a utm_source visit once; returns the link or null. */
export async function trackUtmSource(pathname: string, search: string, now = new Date()): Promise<string | null> {
  const source = new URLSearchParams(search).get('utm_source');
  if (tracked || !source || pathname.startsWith('/ref/')) return null;
  tracked = true;
  try {
    const { link } = await getTrackingLink(source);
    setCookie('trackingLink', link, endOfLocalDay(now));
    return link;
  } catch (e) {
    console.warn('tracking failed', e);
    return null;
  }
}

/** Test hook: forget that this page load tracked already. */
export function resetTracking(): void {
  tracked = false;
}
