// Computed CSS colours as numbers, and the WCAG contrast ratio between two of them.
// Computed values come back as "rgb(r, g, b)" / "rgba(r, g, b, a)" for sRGB colours and
// as "color(srgb r g b / a)" for some mixes; other spaces (oklch, lab, display-p3)
// are not converted: null means "unknown", and callers then assume the text is seen.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
  /** Relative luminance, memoized on the (shared, parsed) colour object. */
  l?: number;
}

/** Parsed computed colours: a page uses a handful of distinct strings. */
// Made on first use, not at load (R1: a page may have replaced the constructor before we loaded; issue 19).
let parsed: Map<string, Rgba | null> | undefined;

export function parseColor(value: string): Rgba | null {
  parsed ??= new Map();
  const hit = parsed.get(value);
  if (hit !== undefined) return hit;
  const out = parseUncached(value);
  if (parsed.size > 512) parsed.clear();
  parsed.set(value, out);
  return out;
}

function parseUncached(value: string): Rgba | null {
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  let m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (m) return { r: +m[1], g: +m[2], b: +m[3], a: alpha(m[4], m[5]) };
  m = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)(?:\s*\/\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (m) return { r: +m[1] * 255, g: +m[2] * 255, b: +m[3] * 255, a: alpha(m[4], m[5]) };
  return null;
}

function alpha(value: string | undefined, percent: string | undefined): number {
  if (value === undefined) return 1;
  const n = +value;
  return percent ? n / 100 : n;
}

/** `top` painted with its alpha over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  if (a >= 1) return top;
  return {
    r: top.r * a + bottom.r * (1 - a),
    g: top.g * a + bottom.g * (1 - a),
    b: top.b * a + bottom.b * (1 - a),
    a: 1,
  };
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
}

function luminance(c: Rgba): number {
  if (c.l === undefined) c.l = 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  return c.l;
}

/** WCAG 2 contrast ratio (1 = identical, 21 = black on white) of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = luminance(a);
  const lb = luminance(b);
  return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1, l: 1 };
