// Password hashing with scrypt at the OWASP cost (N=2^17, r=8, p=1), asynchronous so the event
// loop keeps serving. The parameters live in the hash string ("scrypt$17$8$1$salt$hash"), so a
// hash made at another cost still verifies, and tests may pass a lower cost explicitly.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters; logN is log2 of the cost N. */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** The OWASP Password Storage Cheat Sheet parameters for scrypt. */
export const owaspScrypt: ScryptParams = { logN: 17, r: 8, p: 1 };

const keyLength = 32;

function derive(password: string, salt: Buffer, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128·N·r bytes (128 MiB at the OWASP cost); Node's default is 32 MiB.
    scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password; the result carries its own parameters and salt. */
export async function hashPassword(password: string, params: ScryptParams = owaspScrypt): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.logN}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a stored hash in constant time; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 1 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16)
    return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== keyLength) return false;
  const key = await derive(password, salt, { logN, r, p });
  return timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the account is unknown (even timing). */
let decoy: Promise<string> | null = null;

/** Makes the decoy hash now (at start), so the first unknown-email login costs one hash, not two. */
export function prepareDecoy(params: ScryptParams): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'), params);
  return decoy;
}

/** Spends the same work as a real verification for an unknown account. */
export async function verifyDecoy(password: string, params: ScryptParams): Promise<false> {
  await verifyPassword(password, await prepareDecoy(params));
  return false;
}
