// MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain algorithm), bit for
// bit what murmurhash3js's x86.hash32 returns — ids depend on it. Written out here
// because that package is one CommonJS object holding all six variants (x86/x64, 32/128
// bit), which a bundler cannot tree-shake: it cost ~5.9 KB of the ~0.4 KB we use.
// Like the package, only the low byte of each UTF-16 code unit is hashed.

function multiply(m: number, n: number): number {
  return (m & 0xffff) * n + ((((m >>> 16) * n) & 0xffff) << 16);
}

function rotl(m: number, n: number): number {
  return (m << n) | (m >>> (32 - n));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = multiply(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = multiply(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

function mixK(k: number): number {
  return multiply(rotl(multiply(k, 0xcc9e2d51), 15), 0x1b873593);
}

/** Unsigned 32-bit MurmurHash3 (x86) of `key` with `seed`. */
export function murmur3(key: string, seed = 0): number {
  const remainder = key.length & 3;
  const bytes = key.length - remainder;
  let h = seed;
  let i = 0;
  for (; i < bytes; i += 4) {
    const k = (key.charCodeAt(i) & 0xff) | ((key.charCodeAt(i + 1) & 0xff) << 8) | ((key.charCodeAt(i + 2) & 0xff) << 16) | ((key.charCodeAt(i + 3) & 0xff) << 24);
    h ^= mixK(k);
    h = multiply(rotl(h, 13), 5) + 0xe6546b64;
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
