// S13: a text run reaches the agent only if a sighted person can see it. Traversal
// already drops what does not render (display, visibility, zero boxes, overflow
// clipping of elements); this module judges the text itself, at the moment a run is
// added: its colour against the background behind it, its alpha and the opacity of its
// ancestors, its size, and where its glyphs actually land (text-indent, off-page).
// Text covered by another element is judged after traversal (covers.ts), when every
// possible cover is known.
//
// Cost: the checks run once per element that directly holds text, never per element
// of the page; the background lookup is memoized along the ancestor chain; glyph
// boxes (Range rects) are read only when a cheap sign says the text may not sit in
// its element's box.
import { contrastRatio, over, parseColor, WHITE, type Rgba } from '../../dom/color';
import { parentElementOrHost } from '../../dom/dom-utils';
import { getStyle } from '../../dom/caches';
import { overflowKind, viewportOf, type Box, type PlainRect } from '../../dom/geometry';

/** Why a text run is not seen; also the label shown when hidden text is asked for. */
export type HiddenReason =
  | 'transparent'
  | 'low-contrast'
  | 'tiny'
  | 'clipped'
  | 'off-page'
  | 'covered'
  | 'visually-hidden';

/** Text below this size (px, after transforms) cannot be read. */
export const MIN_TEXT_PX = 4;
/** WCAG contrast ratio under which text and background are the same colour to a person. */
export const MIN_CONTRAST = 1.1;
/** Effective alpha (text alpha × compounded opacity) at or under which text is not seen. */
const MIN_ALPHA = 0.05;

/** A background that cannot be judged (image, gradient, frame, dark canvas): the text is kept. */
const UNKNOWN = null;

export interface Background {
  color: Rgba;
  /** Element that painted the (last opaque layer of the) colour; null: the canvas. */
  owner: Element | null;
}

/**
 * Where text sits, as the walk knows it (walk/traverse.ts carries one per element with
 * content): its parent element, that element's box, style and compounded opacity, and
 * the chain of sites below it in painting, whose backgrounds are composed behind the
 * text once per element (the walk carries them down instead of a lookup per text).
 */
/** The part of a site that changes only at an opacity or a frame boundary: one object shared by many sites. */
export interface SiteScope {
  /** Product of the ancestors' opacities including the element's (S13: opacity compounds). */
  opacity: number;
  /** Offset of the element's frame in the top-level viewport. */
  dx: number;
  dy: number;
}

export interface TextSite {
  /** The parent element of the text (for the document's root site: <html>, or null). */
  el: Element | null;
  /** Its border box in top-level viewport coordinates. */
  rect: PlainRect | null;
  /** Its computed style. */
  style: CSSStyleDeclaration | null;
  /** An inline box: its rect moves with its text (text-indent needs no separate look). */
  inline: boolean;
  /** What the ancestors' clipping leaves visible. */
  hardClip: Box | null;
  /** What the site shares with the sites around it (opacity, frame offset). */
  scope: SiteScope;
  /** The site the element itself sits in (rendered tree: a slot's, a host's, the frame element's); null at the top. */
  up: TextSite | null;
  /** The background behind this site's content, set by TextPerception on first need. */
  bg?: Background | null;
  /**
   * What its style says of its text, set by TextPerception on first need: an element's text
   * nodes are often apart ("a <b>b</b> c <i>d</i> e" asks for its three runs in turn), and each
   * is judged by the one verdict its site keeps.
   */
  verdict?: StyleVerdict;
}

const REPLACED = 'img,picture,video,canvas,svg,iframe,object,embed';

/** judgeStyle's answer for a site whose style leaves its text seen but whose glyphs may leave its box. */
const GEOMETRY = 'geometry';
export type StyleVerdict = HiddenReason | null | typeof GEOMETRY;

export class TextPerception {
  /** Scratch arrays of the background walk (no allocation per text). */
  private readonly chain: TextSite[] = [];
  private readonly layers: (Rgba | null)[] = [];
  private readonly range: Range | null;
  private pageRight = -1;
  private readonly canvas: Background | null;

  constructor(
    private readonly doc: Document,
    private readonly scrollX: number,
    private readonly scrollY: number,
  ) {
    let range: Range | null = null;
    try {
      range = doc.createRange();
    } catch {
      range = null;
    }
    this.range = range;
    this.canvas = canvasOf(doc);
  }

  /** Why `text`, a child of `site.el`, is not seen, or null. */
  hiddenReason(text: Text, site: TextSite): HiddenReason | null {
    const parent = site.el;
    if (!parent) return null;
    let verdict = site.verdict;
    if (verdict === undefined) verdict = site.verdict = this.judgeStyle(site);
    if (verdict !== null && verdict !== GEOMETRY) return verdict;
    const rect = site.rect;
    if (verdict !== GEOMETRY && !(rect && rect.left >= this.rightEdge())) return null;
    return this.judgeGlyphs(text, parent, rect, site.hardClip, site.scope.dx, site.scope.dy);
  }

  /** The text's glyph boxes (Range client rects), read on demand. */
  glyphRects(text: Text): DOMRectList | null {
    const range = this.range;
    if (!range) return null;
    try {
      range.selectNodeContents(text);
      return range.getClientRects();
    } catch {
      return null;
    }
  }

  /** What the site's style says of its text: hidden (why), seen (null), or seen unless its glyphs left the box (GEOMETRY). */
  private judgeStyle(site: TextSite): StyleVerdict {
    const { el: parent, rect, style, inline } = site;
    const opacity = site.scope.opacity;
    if (!parent || !style) return null;
    if (parseFloat(style.fontSize) < MIN_TEXT_PX) return 'tiny';
    // Glyphs may leave the element's box: moved by text-indent (which moves only the
    // text of a block container; an inline box moves with its text, so its rect already
    // shows where the glyphs went), or a box shrunk by a transform (scale(0.05)) or to a
    // sliver that clips them.
    const indent = inline ? '0px' : style.textIndent;
    const seen: StyleVerdict =
      (indent !== '0px' && Math.abs(parseFloat(indent)) >= 100) ||
      (rect && (rect.height < MIN_TEXT_PX || rect.width < 2))
        ? GEOMETRY
        : null;
    // The painted colour is the fill colour (defaults to `color`).
    const fill = parseColor(style.webkitTextFillColor || style.color);
    if (!fill) return seen;
    const alpha = fill.a * opacity;
    if (alpha <= MIN_ALPHA) return paintsOtherwise(parent, style) ? seen : 'transparent';
    const bg = this.background(site);
    if (!bg) return seen;
    const painted = alpha >= 1 ? fill : over({ r: fill.r, g: fill.g, b: fill.b, a: alpha }, bg.color);
    if (contrastRatio(painted, bg.color) >= MIN_CONTRAST) return seen;
    // Same colour as the background the ancestors paint: unless something else is
    // drawn behind the text (an image, a positioned card, a scrim), nobody can read it.
    if (paintsOtherwise(parent, style) || somethingBehind(parent, bg.owner, rect, fill)) return seen;
    return 'low-contrast';
  }

  /** `rect` and `clip` are in top-level viewport coordinates; glyph rects are offset by the frame's (dx, dy). */
  private judgeGlyphs(
    text: Text,
    parent: Element,
    rect: PlainRect | null,
    clip: Box | null,
    dx: number,
    dy: number,
  ): HiddenReason | null {
    const rects = this.glyphRects(text);
    if (!rects || !rects.length) return null;
    // The parent's own overflow clipping counts for its text (traversal skips it for leaves).
    const style = getStyle(parent);
    let region = clip;
    if (rect && style && overflowKind(style) === 'clip') region = region ? intersectBox(region, rect) : rect;
    const right = this.rightEdge();
    let tiny = true;
    let outside = true;
    let offPage = true;
    for (let i = 0; i < rects.length; i++) {
      const g = rects[i];
      if (g.width <= 0 && g.height <= 0) continue;
      const r = {
        left: g.left + dx,
        top: g.top + dy,
        right: g.right + dx,
        bottom: g.bottom + dy,
        width: g.width,
        height: g.height,
      };
      if (r.height >= MIN_TEXT_PX && r.width >= 1) tiny = false;
      const visible = region
        ? Math.min(r.right, region.right) - Math.max(r.left, region.left) >= 1 &&
          Math.min(r.bottom, region.bottom) - Math.max(r.top, region.top) >= MIN_TEXT_PX
        : true;
      if (visible) outside = false;
      if (g.right + this.scrollX > 0 && g.bottom + this.scrollY > 0 && g.left < right) offPage = false;
    }
    if (tiny) return 'tiny';
    if (offPage) return 'off-page';
    if (outside) return 'clipped';
    return null;
  }

  /**
   * Right edge of what a person can scroll to: the viewport's when the root does not
   * scroll sideways (overflow-x hidden/clip on html or body), else unbounded.
   */
  private rightEdge(): number {
    if (this.pageRight >= 0) return this.pageRight;
    const win = this.doc.defaultView;
    let right = Infinity;
    const root = this.doc.documentElement;
    const body = this.doc.body;
    const blocks = (el: Element | null) => {
      const s = el ? getStyle(el) : null;
      const x = s ? s.overflowX : 'visible';
      return x === 'hidden' || x === 'clip';
    };
    // The viewport as the action layer has it (scrollbars excluded, the body in quirks mode).
    if (win && (blocks(root) || blocks(body))) right = viewportOf(this.doc).right + this.scrollX;
    this.pageRight = right;
    return right;
  }

  /**
   * The colour painted behind the content of `site`: the background colours of its element
   * and the elements below it in painting, composited, over the canvas. null when a colour
   * cannot be read (an unknown colour space) or the canvas is unknown. Images and gradients
   * are looked for only when text seems to match this colour (somethingBehind). Each site's
   * answer is kept on it: an element is asked once.
   */
  background(site: TextSite): Background | null {
    if (site.bg !== undefined) return site.bg;
    const chain = this.chain;
    const layers = this.layers;
    // Scratch entries are overwritten, never cleared: setting length to 0 frees their storage.
    let n = 0;
    let found: Background | null | undefined;
    for (let cur: TextSite | null = site; cur; cur = cur.up) {
      if (cur.bg !== undefined) {
        found = cur.bg;
        break;
      }
      const style = cur.style;
      if (cur.el && !style) {
        found = cur.bg = UNKNOWN;
        break;
      }
      const bgColor = style ? style.backgroundColor : TRANSPARENT;
      // Fast path: the common transparent background says nothing; look further down.
      if (bgColor === TRANSPARENT) {
        chain[n] = cur;
        layers[n++] = null;
        continue;
      }
      const color = parseColor(bgColor);
      if (!color) {
        found = cur.bg = UNKNOWN;
        break;
      }
      if (color.a >= 0.99) {
        found = cur.bg = { color, owner: cur.el };
        break;
      }
      // Translucent: composited over what lies further down, on the way back up.
      chain[n] = cur;
      layers[n++] = color.a > 0 ? color : null;
    }
    if (found === undefined) found = this.canvas;
    for (let i = n - 1; i >= 0; i--) {
      const layer = layers[i];
      if (layer && found) found = { color: over(layer, found.color), owner: chain[i].el };
      chain[i].bg = found;
    }
    return found;
  }
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

function intersectBox(a: Box, b: Box): Box {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/** The canvas colour behind a document: white unless the page asks for a dark scheme or sits in a frame. */
function canvasOf(doc: Document): Background | null {
  try {
    const win = doc.defaultView;
    // A frame's canvas is transparent: what shows through is the parent page.
    if (!win || win.frameElement || win.parent !== win) return UNKNOWN;
    const root = doc.documentElement;
    const style = root ? getStyle(root) : null;
    const scheme = style
      ? ((style as CSSStyleDeclaration & { colorScheme?: string }).colorScheme ?? 'normal')
      : 'normal';
    if (scheme && scheme !== 'normal' && scheme !== 'light' && scheme !== 'only light') return UNKNOWN;
    return { color: WHITE, owner: null };
  } catch {
    return UNKNOWN;
  }
}

/**
 * Text drawn by other means than its fill: an outline (-webkit-text-stroke), a shadow
 * (blurred text), or a background clipped to the glyphs (gradient headings).
 */
function paintsOtherwise(parent: Element, style: CSSStyleDeclaration): boolean {
  if (style.textShadow && style.textShadow !== 'none') return true;
  const s = style as CSSStyleDeclaration & {
    webkitTextStrokeWidth?: string;
    webkitTextStrokeColor?: string;
    webkitBackgroundClip?: string;
  };
  if (parseFloat(s.webkitTextStrokeWidth ?? '0') > 0) {
    const stroke = parseColor(s.webkitTextStrokeColor ?? '');
    if (!stroke || stroke.a > MIN_ALPHA) return true;
  }
  // background-clip:text is not inherited: the gradient sits on the element or a near ancestor.
  let cur: Element | null = parent;
  for (let i = 0; cur && i < 4; i++, cur = parentElementOrHost(cur)) {
    const cs = i === 0 ? style : getStyle(cur);
    if (!cs) break;
    const clip =
      (cs as CSSStyleDeclaration & { webkitBackgroundClip?: string }).webkitBackgroundClip || cs.backgroundClip;
    if (clip === 'text' && cs.backgroundImage !== 'none') return true;
  }
  return false;
}

/**
 * Whether something is painted behind the text besides the ancestors' background
 * colours: a background image on the way up, a ::before/::after layer, or an image /
 * video / canvas / coloured box among the siblings of the text's ancestors that
 * overlaps it (positioned hero images, scrims, cards). Only asked for suspicious text.
 */
function somethingBehind(parent: Element, owner: Element | null, rect: PlainRect | null, fill: Rgba): boolean {
  for (let cur: Element | null = parent; cur; cur = parentElementOrHost(cur)) {
    const style = getStyle(cur);
    if (!style) return true;
    if (style.backgroundImage !== 'none') return true;
    if (pseudoPaints(cur)) return true;
    if (cur === owner) break;
    if (rect && siblingPaints(cur, rect, fill)) return true;
  }
  return false;
}

function pseudoPaints(el: Element): boolean {
  const win = el.ownerDocument.defaultView;
  if (!win) return false;
  for (const pseudo of ['::before', '::after']) {
    try {
      const ps = win.getComputedStyle(el, pseudo);
      const content = ps.content;
      if (!content || content === 'none' || content === 'normal') continue;
      const color = parseColor(ps.backgroundColor);
      if (ps.backgroundImage !== 'none' || !color || color.a > MIN_ALPHA) return true;
    } catch {
      /* no pseudo style */
    }
  }
  return false;
}

/** A sibling of `el` (or something inside one) that paints where the text is. */
function siblingPaints(el: Element, rect: PlainRect, fill: Rgba): boolean {
  const parent = el.parentElement;
  if (!parent) return false;
  let checked = 0;
  for (let sib = parent.firstElementChild; sib && checked < 200; sib = sib.nextElementSibling) {
    if (sib === el) continue;
    checked++;
    if (paintsAt(sib, rect, fill)) return true;
    let inner: NodeListOf<Element>;
    try {
      inner = sib.querySelectorAll(REPLACED);
    } catch {
      continue;
    }
    for (let i = 0; i < inner.length && i < 50; i++) if (overlaps(inner[i], rect)) return true;
  }
  return false;
}

function paintsAt(el: Element, rect: PlainRect, fill: Rgba): boolean {
  if (!overlaps(el, rect)) return false;
  if (el.matches(REPLACED)) return true;
  const style = getStyle(el);
  if (!style) return false;
  if (style.backgroundImage !== 'none') return true;
  const color = parseColor(style.backgroundColor);
  return !color || (color.a > 0.3 && contrastRatio(over(fill, { ...color, a: 1 }), { ...color, a: 1 }) >= MIN_CONTRAST);
}

function overlaps(el: Element, rect: PlainRect): boolean {
  const r = el.getBoundingClientRect();
  return (
    r.width > 0 &&
    r.height > 0 &&
    r.left < rect.right &&
    r.right > rect.left &&
    r.top < rect.bottom &&
    r.bottom > rect.top
  );
}
