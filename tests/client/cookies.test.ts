// Token cookies: SameSite=Lax always, Secure when the page is served over HTTPS (main never set Secure).
import { describe, expect, it } from 'vitest';
import { deleteCookie, setCookie } from '../../src/client/lib/cookies.ts';

/** A document whose cookie writes are recorded, on `protocol`. */
function fakeDoc(protocol: string) {
  const writes: string[] = [];
  const doc = {
    location: { protocol },
    get cookie() {
      return '';
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
