// Cookies: SameSite=Lax always, Secure when the page is served over HTTPS (main never set Secure); the locale cookie (365 days).
import { describe, expect, it } from 'vitest';
import { deleteCookie, ensureLocaleCookie, setCookie } from '../../src/client/lib/cookies.ts';

/** A document whose cookie writes are recorded, on `protocol`. */
function fakeDoc(protocol: string, jar = '') {
  const writes: string[] = [];
  const doc = {
    location: { protocol },
    get cookie() {
      return jar;
    },
    set cookie(v: string) {
      writes.push(v);
    },
  } as unknown as Document;
  return { doc, writes };
}

describe('token cookies', () => {
  const expires = new Date('2030-01-01T00:00:00Z');

  it('are Secure and SameSite=Lax over HTTPS', () => {
    const { doc, writes } = fakeDoc('https:');
    setCookie('token', 'abc', expires, doc);
    setCookie('refreshToken', 'def', expires, doc);
    deleteCookie('token', doc);
    for (const w of writes) {
      expect(w).toMatch(/; SameSite=Lax(;|$)/);
      expect(w).toMatch(/; Secure$/);
    }
    expect(writes[0]).toBe('token=abc; expires=Tue, 01 Jan 2030 00:00:00 GMT; path=/; SameSite=Lax; Secure');
  });

  it('are SameSite=Lax without Secure over plain HTTP (local development), so the browser keeps them', () => {
    const { doc, writes } = fakeDoc('http:');
    setCookie('token', 'abc', expires, doc);
    expect(writes[0]).toBe('token=abc; expires=Tue, 01 Jan 2030 00:00:00 GMT; path=/; SameSite=Lax');
  });
});

describe('locale cookie', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');

  it('is set to en for 365 days when missing (the cookie policy lists it)', () => {
    const { doc, writes } = fakeDoc('https:');
    expect(ensureLocaleCookie(doc, now)).toBe('en');
    expect(writes).toEqual(['locale=en; expires=Fri, 26 Nov 2027 10:00:00 GMT; path=/; SameSite=Lax; Secure']);
  });

  it('keeps a saved locale and renews it for another 365 days; a malformed one becomes en', () => {
    const kept = fakeDoc('http:', 'token=x; locale=de-DE');
    expect(ensureLocaleCookie(kept.doc, now)).toBe('de-DE');
    expect(kept.writes).toEqual(['locale=de-DE; expires=Fri, 26 Nov 2027 10:00:00 GMT; path=/; SameSite=Lax']);
    const bad = fakeDoc('http:', 'locale=%3Cscript%3E');
    expect(ensureLocaleCookie(bad.doc, now)).toBe('en');
    expect(bad.writes[0]).toMatch(/^locale=en; /);
  });

  it('is written to the real document cookie', () => {
    document.cookie = 'locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    ensureLocaleCookie();
    expect(document.cookie).toContain('locale=en');
  });
});
