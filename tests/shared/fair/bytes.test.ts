// Golden vectors of Stake's byte stream and floats (fairness.md), cross-checked with node:crypto.
import { createHmac, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ByteStream,
  floats,
  hashServerSeed,
  isServerSeed,
  roundBytes,
  useHmacSha256,
  verifyCommitment,
} from '../../../src/shared/fair/index.ts';
import { useNodeHmac } from '../../../src/server/modules/fair/node-hmac.ts';

const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce });

describe('byte stream', () => {
  it('matches the published floats for nonces 1–3', () => {
    expect(floats(seeds(1), 2)).toEqual([0.16440096078440547, 0.4080498884432018]);
    expect(floats(seeds(2), 2)).toEqual([0.5459779207594693, 0.7894028725568205]);
    expect(floats(seeds(3), 2)).toEqual([0.7527878468390554, 0.6410444136708975]);
  });

  it('is HMAC-SHA256 keyed by the seed text over clientSeed:nonce:round', () => {
    for (const round of [0, 1, 5]) {
      const expected = createHmac('sha256', 'a'.repeat(64)).update(`abc:7:${round}`).digest();
      expect(Buffer.from(roundBytes(seeds(7), round))).toEqual(expected);
    }
  });

  it("gives the same bytes through the server's node:crypto HMAC as through the browser's pure-JS one", () => {
    // text keys and messages as UTF-8 bytes, also beyond ASCII (a client seed may hold any character)
    const inputs = [
      seeds(0),
      seeds(123_456_789),
      { serverSeed: 'é'.repeat(70), clientSeed: 'naïve 🎲 seed', nonce: 42 },
    ];
    const rounds = (input: (typeof inputs)[number]) => [0, 1, 2].map((r) => Buffer.from(roundBytes(input, r)));
    useHmacSha256();
    const pureJs = inputs.map(rounds);
    useNodeHmac();
    try {
      expect(inputs.map(rounds)).toEqual(pureJs);
      expect(floats(seeds(1), 2)).toEqual([0.16440096078440547, 0.4080498884432018]);
    } finally {
      useHmacSha256();
    }
  });

  it('reads 8 floats per round and continues into the next rounds', () => {
    const stream = new ByteStream(seeds(9));
    const got = Array.from({ length: 20 }, () => stream.nextFloat());
    const all = Buffer.concat([0, 1, 2].map((r) => createHmac('sha256', 'a'.repeat(64)).update(`abc:9:${r}`).digest()));
    const expected = Array.from({ length: 20 }, (_, i) => all.readUInt32BE(i * 4) / 2 ** 32);
    expect(got).toEqual(expected);
    expect(got.every((f) => f >= 0 && f < 1)).toBe(true);
  });

  it('commits to the server seed with SHA-256 of its text', () => {
    const seed = 'f'.repeat(64);
    const hash = createHash('sha256').update(seed).digest('hex');
    expect(hashServerSeed(seed)).toBe(hash);
    expect(verifyCommitment(seed, hash.toUpperCase())).toBe(true);
    expect(verifyCommitment('e'.repeat(64), hash)).toBe(false);
    expect(isServerSeed(seed)).toBe(true);
    expect(isServerSeed('g'.repeat(64))).toBe(false);
    expect(isServerSeed('f'.repeat(63))).toBe(false);
  });
});
