// Address derivation and validation per chain, against published addresses of each chain.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deriveAddress, isValidAddress } from '../../src/shared/wallet/addresses.ts';
import type { AddressFormat } from '../../src/shared/wallet/currencies.ts';

const KNOWN: [AddressFormat, string][] = [
  ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], // BIP173 vector
  ['btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], // genesis
  ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'], // BIP13 P2SH
  ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], // EIP-55 vector
  ['evm', '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359'], // all lower-case
  ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], // USDT contract
  ['xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'], // genesis
  ['doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  ['ltc', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz'],
  ['sol', 'So11111111111111111111111111111111111111112'],
  ['bch', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
];

const BAD: [AddressFormat, string][] = [
  ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'], // checksum
  ['btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'], // checksum
  ['btc', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'], // another chain
  ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'], // EIP-55 checksum
  ['evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA'], // short
  ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
  ['tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], // BTC, not TRON
  ['doge', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['sol', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'], // not base58
  ['xrp', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['btc', "'; drop table users; --"],
  ['btc', ''],
];

describe('crypto addresses', () => {
  it('accepts published addresses of each chain', () => {
    for (const [f, a] of KNOWN) expect(isValidAddress(f, a), `${f} ${a}`).toBe(true);
  });
  it('refuses bad checksums, other chains and junk', () => {
    for (const [f, a] of BAD) expect(isValidAddress(f, a), `${f} ${a}`).toBe(false);
  });
  it('derives valid, deterministic, distinct addresses for every format', () => {
    const formats: AddressFormat[] = ['btc', 'ltc', 'bch', 'doge', 'evm', 'tron', 'sol', 'xrp'];
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom(...formats), (seed, f) => {
        const a = deriveAddress(f, seed);
        expect(isValidAddress(f, a)).toBe(true);
        expect(deriveAddress(f, seed)).toBe(a);
      }),
      { numRuns: 300 },
    );
    const a = new Uint8Array(32).fill(1);
    const b = new Uint8Array(32).fill(2);
    for (const f of formats) expect(deriveAddress(f, a)).not.toBe(deriveAddress(f, b));
  });
});
