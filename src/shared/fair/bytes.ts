// Stake's byte stream: HMAC-SHA256(key = server seed text, `${clientSeed}:${nonce}:${round}`),
// 32 bytes per round, read 4 at a time from a cursor; floats are big-endian uint32 / 2^32.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The inputs that fix one bet's randomness. */
export interface SeedInput {
  serverSeed: string; // used as text (its UTF-8 bytes), not hex-decoded
  clientSeed: string;
  nonce: number;
}

/** HMAC-SHA256 of a text message under a text key (both as UTF-8 bytes). */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

const nobleHmacSha256: HmacSha256 = (key, message) => hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));
let hmacSha256 = nobleHmacSha256; // pure JS: the same bytes in the browser's verifier and on the server

/** Puts a faster HMAC-SHA256 (the server's node:crypto, fair/node-hmac.ts) behind every roll, or
 * back to the pure-JS one without an argument. It must give the same bytes: tests compare them. */
export function useHmacSha256(impl: HmacSha256 = nobleHmacSha256): void {
  hmacSha256 = impl;
}

/** The 32 bytes of one HMAC round. */
export function roundBytes(input: SeedInput, round: number): Uint8Array {
  return hmacSha256(input.serverSeed, `${input.clientSeed}:${input.nonce}:${round}`);
}

/** A cursor over the byte stream: continues into round 1, 2, … as bytes are consumed. */
export class ByteStream {
  private round = 0; // HMAC round currently buffered
  private buffer: Uint8Array; // bytes of `round`
  private offset = 0; // next unread byte in `buffer`

  constructor(private readonly input: SeedInput) {
    this.buffer = roundBytes(input, 0);
  }

  /** The next byte. */
  nextByte(): number {
    if (this.offset === this.buffer.length) {
      this.round += 1;
      this.buffer = roundBytes(this.input, this.round);
      this.offset = 0;
    }
    return this.buffer[this.offset++]!;
  }

  /** The next float in [0, 1) from 4 bytes: b0/256 + b1/256² + b2/256³ + b3/256⁴. */
  nextFloat(): number {
    let f = 0;
    let scale = 1;
    for (let i = 0; i < 4; i++) {
      scale /= 256;
      f += this.nextByte() * scale;
    }
    return f;
  }
}

/** The first `count` floats of a bet. */
export function floats(input: SeedInput, count: number): number[] {
  const stream = new ByteStream(input);
  return Array.from({ length: count }, () => stream.nextFloat());
}

/** Hex SHA-256 of a text (the commitment shown before a server seed is used). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Hex HMAC-SHA256 with a text key and a text message. */
export function hmacHex(key: string, message: string): string {
  return bytesToHex(hmacSha256(key, message));
}

/** The commitment to a server seed: SHA-256 of its text. */
export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** True when `serverSeed` matches a previously shown commitment. */
export function verifyCommitment(serverSeed: string, serverSeedHash: string): boolean {
  return sha256Hex(serverSeed) === serverSeedHash.toLowerCase();
}

/** A well-formed server seed: 64 lowercase hex characters. */
export function isServerSeed(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** Encodes random bytes (from the caller's CSPRNG) as a seed string in hex. */
export function seedFromBytes(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}
