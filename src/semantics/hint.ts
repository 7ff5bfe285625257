// Hints for actionable elements without an accessible name (S4): what a person sees
// (tooltip, icon ligature, SVG title/symbol) or what a developer wrote (class/id
// tokens, test ids), so icon-only buttons can be told apart. Short (≤ 40 chars).
import { getElementByIdInScope, isElement, TEXT_NODE } from '../dom/dom-utils';

const MAX = 40;
/** Elements examined below the target (icon buttons are small; this bounds the cost). */
const MAX_SCAN = 40;

function dict(words: string): Record<string, true> {
  const set = { __proto__: null } as unknown as Record<string, true>;
  const parts = words.split(' ');
  for (let i = 0; i < parts.length; i++) set[parts[i]] = true;
  return set;
}

// Tokens that say nothing about what a control does.
const GENERIC = dict(
  'btn button buttons icon icons ico fa fas far fal fab fad fa-solid fa-regular fa-light fa-brands solid regular ' +
    'light brands outline outlined filled round rounded sharp two tone svg img image wrapper wrap container inner ' +
    'outer content item link links el elem element component comp root main base default primary secondary ' +
    'tertiary small sm md lg xl xs large medium mini tiny big ghost flat text plain block inline flex grid row col ' +
    'left right top bottom center active inactive selected disabled enabled visible hidden show hide open closed ' +
    'js ui ux control ctrl action actions clickable click trigger ' +
    'toggle toggler glyphicon glyph material symbols symbol mdi bi ion ionicon ionicons feather lucide octicon ' +
    'codicon heroicon heroicons ri tabler iconify dashicons la las lar lab uk widget module label labels span div ' +
    'nav navbar mat mui muibutton muiiconbutton chakra ant antd el-button v-btn q-btn tw x-small ' +
    'style styled theme dark light color colors focus hover pressed state states size variant variants',
);

const ICON_CLASS =
  /(^|[\s_-])(icon|icons|material|symbol|symbols|glyph|fa|fas|far|fal|fab|bi|mdi|ion|feather|lucide|octicon|codicon|ri|ti)([\s_-]|$)|icon/i;

function attr(el: Element, name: string): string | null {
  try {
    return el.getAttribute(name);
  } catch {
    return null;
  }
}

function clip(text: string): string {
  const t = text
    .replace(/[\uE000-\uF8FF]/g, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  return t.length > MAX ? t.slice(0, MAX - 1).trimEnd() + '…' : t;
}

/** A token that looks machine-generated (css-1x2y3z, jsx-123, sc-bdVaJa, hashes). */
function isHashed(token: string): boolean {
  if (/^(css|jsx|sc|emotion|svelte|styled|makestyles|mui|jss|chakra|tw|v|data)-/.test(token) && /\d/.test(token))
    return true;
  if (/^[a-z]{1,3}-[a-z0-9]{5,}$/i.test(token) && /\d/.test(token)) return true;
  if (/^_?[a-z0-9]{5,}$/i.test(token) && /\d/.test(token) && /[a-z]/i.test(token)) return true; // hash
  if (/^[A-Za-z]+_[A-Za-z]+__[A-Za-z0-9]{5}$/.test(token)) return true; // CSS modules
  if (/^\d+$/.test(token)) return true;
  if (/^sc-/.test(token)) return true; // styled-components
  // Random mixed case (kFzQxY): camel-case pieces that are not words.
  const pieces = token.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
  if (pieces.length >= 3) {
    let short = 0;
    for (let i = 0; i < pieces.length; i++) if (pieces[i].length <= 2) short++;
    if (short * 2 >= pieces.length) return true;
  }
  return false;
}

/** Meaningful words of a class list / id: "btn-trash icon" → "trash", "addToCart" → "add to cart". */
export function meaningfulWords(value: string): string {
  const tokens = value.split(/\s+/);
  const seen = { __proto__: null } as unknown as Record<string, true>;
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || isHashed(token) || GENERIC[token.toLowerCase()] === true) continue;
    // BEM: block__element--modifier → keep element and block words.
    const words = token.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[-_\s:.\/]+/);
    for (let j = 0; j < words.length; j++) {
      const w = words[j].toLowerCase();
      if (!w || w.length < 2 || GENERIC[w] === true || /\d/.test(w) || seen[w] === true) continue;
      seen[w] = true;
      out += (out ? ' ' : '') + w;
      if (out.length >= MAX) return clip(out);
    }
  }
  return clip(out);
}

/** Icon-ligature text ("delete", "arrow_back") — a single lower-case word. */
function ligatureWord(text: string): string {
  const t = text.trim();
  if (/^[a-z][a-z0-9_]{1,30}$/.test(t)) return t.replace(/_/g, ' ');
  return '';
}

/** The name of the symbol an SVG <use> points to: "#icon-trash" → "trash". */
function useSymbolWords(use: Element): string {
  const href = attr(use, 'href') || attr(use, 'xlink:href') || '';
  const hash = href.lastIndexOf('#');
  if (hash < 0) return '';
  const id = href.slice(hash + 1);
  try {
    const symbol = getElementByIdInScope(use, id);
    if (symbol) {
      for (let c = symbol.firstElementChild; c; c = c.nextElementSibling) {
        if (c.localName === 'title' && c.textContent && c.textContent.trim()) return clip(c.textContent);
      }
    }
  } catch {
    /* ignore */
  }
  return meaningfulWords(id);
}

function fileStem(url: string): string {
  // Inline images (data: URLs, often tens of KB of base64) have no file name: checked
  // before any scan of the string.
  if (url.length > 5 && (url.charCodeAt(0) | 32) === 100 && /^data:/i.test(url.slice(0, 5))) return '';
  const clean = url.slice(0, 2048).split(/[?#]/)[0];
  const slash = clean.lastIndexOf('/');
  const file = clean.slice(slash + 1).replace(/\.[a-z0-9]+$/i, '');
  if (!file) return '';
  return meaningfulWords(file.replace(/[@.]\dx$/i, ''));
}

/** Scans a small subtree for visual clues, in document order. */
function iconHint(root: Element): string {
  let scanned = 0;
  const stack: Element[] = [root];
  while (stack.length && scanned < MAX_SCAN) {
    const el = stack.pop() as Element;
    scanned++;
    const tag = el.localName;
    if (el !== root) {
      const title = attr(el, 'title');
      if (title && title.trim()) return clip(title);
    }
    if (
      tag === 'title' &&
      el.namespaceURI === 'http://www.w3.org/2000/svg' &&
      el.textContent &&
      el.textContent.trim()
    ) {
      return clip(el.textContent);
    }
    if (tag === 'use') {
      const w = useSymbolWords(el);
      if (w) return w;
    }
    if (tag === 'svg') {
      const dataIcon = attr(el, 'data-icon');
      if (dataIcon) {
        const w = meaningfulWords(dataIcon);
        if (w) return w;
      }
    }
    if (tag === 'img') {
      const w = fileStem(attr(el, 'src') || '');
      if (w) return w;
    }
    // Icon font ligatures: <i class="material-icons">delete</i>.
    const cls = typeof el.className === 'string' ? el.className : attr(el, 'class') || '';
    if (
      el !== root &&
      el.firstChild &&
      el.firstChild.nodeType === TEXT_NODE &&
      !el.firstElementChild &&
      ICON_CLASS.test(cls)
    ) {
      const w = ligatureWord(el.textContent || '');
      if (w) return w;
    }
    if (el !== root && cls && ICON_CLASS.test(cls)) {
      const w = meaningfulWords(cls);
      if (w) return w;
    }
    // Push children in reverse to visit them in document order.
    const kids: Element[] = [];
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) kids.push(c);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return '';
}

function describedByText(el: Element): string {
  const ids = (attr(el, 'aria-describedby') || '').split(/\s+/);
  let out = '';
  for (let i = 0; i < ids.length; i++) {
    if (!ids[i]) continue;
    const ref = getElementByIdInScope(el, ids[i]);
    if (ref && ref.textContent) out += ' ' + ref.textContent;
  }
  return clip(out);
}

/**
 * A short hint for an actionable element that has no accessible name, or undefined.
 * Order: title, aria-describedby text, icon clues (SVG title/<use>, ligature, icon
 * classes, image file name), own visible-ish text, class/id words, name attribute, test ids.
 */
export function getHint(el: Element): string | undefined {
  try {
    if (!isElement(el)) return undefined;
    const title = attr(el, 'title');
    if (title && clip(title)) return clip(title);
    const described = describedByText(el);
    if (described) return described;
    const icon = iconHint(el);
    if (icon) return icon;
    const ownText = ligatureWord(el.textContent || '');
    if (ownText) return ownText;
    const cls = typeof el.className === 'string' ? el.className : attr(el, 'class') || '';
    const fromClass = cls ? meaningfulWords(cls) : '';
    if (fromClass) return fromClass;
    const id = attr(el, 'id');
    const fromId = id ? meaningfulWords(id) : '';
    if (fromId) return fromId;
    const name = attr(el, 'name');
    const fromName = name ? meaningfulWords(name) : '';
    if (fromName) return fromName;
    const testId = attr(el, 'data-testid') || attr(el, 'data-test') || attr(el, 'data-cy') || attr(el, 'data-qa');
    const fromTestId = testId ? meaningfulWords(testId) : '';
    if (fromTestId) return fromTestId;
    const href = attr(el, 'href');
    if (href && !/^(#|javascript:)/i.test(href)) {
      const w = fileStem(href);
      if (w) return w;
    }
  } catch {
    /* never throw */
  }
  return undefined;
}
