/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, so servers and browsers (the snippet) compute the same
 * digest synchronously without `node:crypto` or the asynchronous Web Crypto API. Tested against
 * `node:crypto` in test/html/source-hash.test.ts.
 */

// First 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2).
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

// Initial hash value H(0) (FIPS 180-4 §5.3.3).
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const encoder = new TextEncoder();
// Int32 arrays keep every value a small integer for the JIT; hex output reads them unsigned.
const schedule = new Int32Array(64);
const state = new Int32Array(8);
// Reused between calls: UTF-8 needs at most 3 bytes per UTF-16 code unit, padding at most 72 more.
let buffer = new Uint8Array(1024);

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}

// Message, a 1 bit, zeros, and the bit length as a 64-bit big-endian integer (§5.1.1).
function pad(text: string): number {
  const needed = text.length * 3 + 72;
  if (buffer.length < needed) buffer = new Uint8Array(Math.max(needed, buffer.length * 2));
  const { written } = encoder.encodeInto(text, buffer);
  const length = Math.ceil((written + 9) / 64) * 64;
  buffer.fill(0, written, length);
  buffer[written] = 0x80;
  const high = Math.floor(written / 0x2000_0000);
  const low = (written * 8) >>> 0;
  buffer[length - 8] = high >>> 24;
  buffer[length - 7] = (high >>> 16) & 0xff;
  buffer[length - 6] = (high >>> 8) & 0xff;
  buffer[length - 5] = high & 0xff;
  buffer[length - 4] = low >>> 24;
  buffer[length - 3] = (low >>> 16) & 0xff;
  buffer[length - 2] = (low >>> 8) & 0xff;
  buffer[length - 1] = low & 0xff;
  return length;
}

// One 64-byte block (§6.2.2).
function compress(bytes: Uint8Array, offset: number): void {
  const w = schedule;
  for (let t = 0; t < 16; t += 1) {
    const at = offset + t * 4;
    w[t] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  }
  for (let t = 16; t < 64; t += 1) {
    const w15 = w[t - 15]!;
    const w2 = w[t - 2]!;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t += 1) {
    const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const ch = (e & f) ^ (~e & g);
    const temp1 = (h + s1 + ch + K[t]! + w[t]!) | 0;
    const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + temp1) | 0;
    d = c;
    c = b;
    b = a;
    a = (temp1 + s0 + maj) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** SHA-256 of the UTF-8 encoding of a string, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  const length = pad(text);
  state.set(H0);
  for (let offset = 0; offset < length; offset += 64) compress(buffer, offset);
  // One flat string: `+=` would build a rope of eight pieces, about five times the memory of 64
  // characters, and the crawler keeps hundreds of these per page until they are stored.
  const words: string[] = [];
  for (const word of state) words.push((word >>> 0).toString(16).padStart(8, '0'));
  return words.join('');
}
