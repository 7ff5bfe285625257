// MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain algorithm), bit for
// bit what murmurhash3js's x86.hash32 returns — ids depend on it. Written out here
// because that package is one CommonJS object holding all six variants (x86/x64, 32/128
// bit), which a bundler cannot tree-shake: it cost ~5.9 KB of the ~0.4 KB we use.
// Like the package, only the low byte of each UTF-16 code unit is hashed.
import { imul } from './builtins';

// 32-bit arithmetic throughout: Math.imul (builtins.ts: as loaded, R2) and `| 0` give the package's results (its
// multiply() splits into 16-bit halves for engines without imul; every value it makes
// is reduced mod 2^32 by the next bitwise operation either way).

function rotl(m: number, n: number): number {
  return (m << n) | (m >>> (32 - n));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

function mixK(k: number): number {
  return imul(rotl(imul(k, 0xcc9e2d51), 15), 0x1b873593);
}

function mixH(h: number, k: number): number {
  h ^= mixK(k);
  return (imul(rotl(h, 13), 5) + 0xe6546b64) | 0;
}

/** Unsigned 32-bit MurmurHash3 (x86) of `key` with `seed`. */
export function murmur3(key: string, seed = 0): number {
  const remainder = key.length & 3;
  const bytes = key.length - remainder;
  let h = seed | 0;
  let i = 0;
  for (; i < bytes; i += 4) {
    h = mixH(
      h,
      (key.charCodeAt(i) & 0xff) |
        ((key.charCodeAt(i + 1) & 0xff) << 8) |
        ((key.charCodeAt(i + 2) & 0xff) << 16) |
        ((key.charCodeAt(i + 3) & 0xff) << 24),
    );
  }
  let k = 0;
  if (remainder === 3) k ^= (key.charCodeAt(i + 2) & 0xff) << 16;
  if (remainder >= 2) k ^= (key.charCodeAt(i + 1) & 0xff) << 8;
  if (remainder >= 1) {
    k ^= key.charCodeAt(i) & 0xff;
    h ^= mixK(k);
  }
  h ^= key.length;
  return fmix(h) >>> 0;
}

// The same hash over pieces, as if they were one string, without building it: ids hash
// keys made of a tag, an index and attribute values per element, and a joined string
// (then flattened to be read) was a copy per element. One hash at a time (synchronous).
let streamH = 0;
let streamK = 0;
let streamBytes = 0;
let streamLength = 0;

/** Starts a streamed murmur3 with `seed`; add pieces with hashAdd, read it with hashEnd. */
export function hashStart(seed: number): void {
  streamH = seed | 0;
  streamK = streamBytes = streamLength = 0;
}

/** Adds `piece` (its first `max` characters) to the streamed hash. */
export function hashAdd(piece: string, max = piece.length): void {
  const n = max < piece.length ? max : piece.length;
  let h = streamH;
  let k = streamK;
  let bytes = streamBytes;
  for (let i = 0; i < n; i++) {
    k |= (piece.charCodeAt(i) & 0xff) << (bytes << 3);
    if (++bytes === 4) {
      h = mixH(h, k);
      k = bytes = 0;
    }
  }
  streamH = h;
  streamK = k;
  streamBytes = bytes;
  streamLength += n;
}

/** murmur3 of everything added since hashStart. */
export function hashEnd(): number {
  let h = streamH;
  if (streamBytes) h ^= mixK(streamK);
  h ^= streamLength;
  return fmix(h) >>> 0;
}
