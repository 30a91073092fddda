// Crypto address formats: derive a well-formed address from 32 seed bytes (the sandbox chain's
// deposit addresses) and validate a destination for its chain (withdrawals). Real checksums:
// base58check (BTC/LTC/BCH legacy, DOGE, TRON, XRP), bech32 (BTC/LTC segwit), EIP-55 (EVM).
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { AddressFormat } from './currencies.ts';

const BTC_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function base58Encode(bytes: Uint8Array, alphabet: string): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0]! + out;
  }
  return out;
}

function base58Decode(text: string, alphabet: string): Uint8Array | null {
  if (!text || text.length > 120) return null;
  let n = 0n;
  for (const ch of text) {
    const i = alphabet.indexOf(ch);
    if (i < 0) return null;
    n = n * 58n + BigInt(i);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 255n));
    n >>= 8n;
  }
  for (const ch of text) {
    if (ch !== alphabet[0]) break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function checksum4(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).slice(0, 4);
}

function base58CheckEncode(version: number, body: Uint8Array, alphabet = BTC_ALPHABET): string {
  const payload = Uint8Array.from([version, ...body]);
  return base58Encode(Uint8Array.from([...payload, ...checksum4(payload)]), alphabet);
}

/** Version byte and body of a valid base58check string, or null. */
function base58CheckDecode(text: string, alphabet = BTC_ALPHABET): { version: number; body: Uint8Array } | null {
  const raw = base58Decode(text, alphabet);
  if (!raw || raw.length < 5) return null;
  const payload = raw.slice(0, -4);
  const sum = checksum4(payload);
  if (!sum.every((b, i) => b === raw[raw.length - 4 + i])) return null;
  return { version: payload[0]!, body: payload.slice(1) };
}

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ gen[i]!) >>> 0;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

function convertBits(data: Iterable<number>, from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & max);
  else if (!pad && (bits >= from || ((acc << (to - bits)) & max) !== 0)) return null;
  return out;
}

function segwitEncode(hrp: string, program: Uint8Array): string {
  const data = [0, ...convertBits(program, 8, 5, true)!];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const check = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...check].map((d) => BECH32[d]).join('')}`;
}

function segwitValid(hrp: string, address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const a = address.toLowerCase();
  const sep = a.lastIndexOf('1');
  if (a.slice(0, sep) !== hrp || a.length > 90) return false;
  const data = [...a.slice(sep + 1)].map((c) => BECH32.indexOf(c));
  if (data.length < 7 || data.some((d) => d < 0)) return false;
  if (polymod([...hrpExpand(hrp), ...data]) !== 1) return false;
  const version = data[0]!;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40 || version > 16) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

function toHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = toHex(keccak_256(new TextEncoder().encode(lower)));
  return `0x${[...lower].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

function evmValid(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55(body) === address;
}

function base58Version(address: string, versions: number[], bodyLength: number, alphabet = BTC_ALPHABET): boolean {
  const d = base58CheckDecode(address, alphabet);
  return !!d && versions.includes(d.version) && d.body.length === bodyLength;
}

/** A well-formed address of `format` derived from `seed` (at least 32 bytes). */
export function deriveAddress(format: AddressFormat, seed: Uint8Array): string {
  const h20 = seed.slice(0, 20);
  switch (format) {
    case 'btc':
      return segwitEncode('bc', h20);
    case 'ltc':
      return segwitEncode('ltc', h20);
    case 'bch':
      return base58CheckEncode(0x00, h20);
    case 'doge':
      return base58CheckEncode(0x1e, h20);
    case 'tron':
      return base58CheckEncode(0x41, h20);
    case 'xrp':
      return base58CheckEncode(0x00, h20, XRP_ALPHABET);
    case 'evm':
      return eip55(toHex(h20));
    case 'sol':
      return base58Encode(seed.slice(0, 32), BTC_ALPHABET);
  }
}

/** True when `address` is a valid destination on a chain of `format`. */
export function isValidAddress(format: AddressFormat, address: string): boolean {
  if (typeof address !== 'string' || address.length < 20 || address.length > 100) return false;
  switch (format) {
    case 'btc':
      return segwitValid('bc', address) || base58Version(address, [0x00, 0x05], 20);
    case 'ltc':
      return segwitValid('ltc', address) || base58Version(address, [0x30, 0x32, 0x05], 20);
    case 'bch':
      return base58Version(address, [0x00, 0x05], 20) || /^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/.test(address);
    case 'doge':
      return base58Version(address, [0x1e, 0x16], 20);
    case 'tron':
      return base58Version(address, [0x41], 20);
    case 'xrp':
      return base58Version(address, [0x00], 20, XRP_ALPHABET);
    case 'evm':
      return evmValid(address);
    case 'sol': {
      const raw = base58Decode(address, BTC_ALPHABET);
      return !!raw && raw.length === 32;
    }
  }
}
