// S3 actionability in the three tiers of seed 004:
//   tier 1 — native/semantic controls (a[href], button, input, select, textarea,
//            summary, contenteditable hosts, interactive ARIA roles, labels);
//   tier 2 — heuristics for custom controls (inline on* handlers, tabindex >= 0,
//            own cursor:pointer, action-like test ids / classes, framework listener props);
//   tier 3 — structure.
// All attribute checks come from one pass over `el.attributes`.
import { wordList } from '../../semantics/element';
import { inputType, isDisabled, isInteractiveRole, metAriaAttribute } from '../../semantics';
import { matchesDelegated, OWN_LISTENER, readListenerExpandos } from './listeners';
import { getStyle } from '../../dom/caches';
import { STABLE_BIT } from '../ids/element-ids';

export interface AttributeScan {
  role: string | null;
  tabindex: number | null;
  handler: string | null;
  testId: string | null;
  className: string;
  contentEditable: string | null;
  ariaHidden: boolean;
  inert: boolean;
  href: boolean;
  /** Our own overlay (data-browserx-overlay) or a subtree the page asked us to skip (data-domtool-ignore). */
  browserxOverlay: boolean;
  /** draggable="true": a drag source (drag() needs its id). */
  draggable: boolean;
  /** Has some aria-* attribute besides aria-hidden / aria-label (states may be set). */
  aria: boolean;
  /** Named by its author: a non-empty aria-label or an aria-labelledby (accname 2B/2C). */
  authorNamed: boolean;
  /** Has an attribute the structural id hashes (id, name, type, role, aria-label, data-testid, href). */
  stable: boolean;
  /** Which of those it has besides id, as ids/element-ids.ts STABLE_BIT flags. */
  stableAttributes: number;
}

const HANDLER_ATTRIBUTES = wordList(
  'onclick onmousedown onmouseup onpointerdown onpointerup ondblclick onkeydown onkeyup onkeypress ' +
    'ontouchstart ontouchend onchange oninput',
);

/** One scratch result reused for every element: traversal reads it before the next scan. */
const scratch: AttributeScan = {
  role: null,
  tabindex: null,
  handler: null,
  testId: null,
  className: '',
  contentEditable: null,
  ariaHidden: false,
  inert: false,
  href: false,
  browserxOverlay: false,
  draggable: false,
  stable: false,
  stableAttributes: 0,
  aria: false,
  authorNamed: false,
};

/** Reads the attributes classification needs, in one pass. The result is valid until the next call. */
export function scanAttributes(el: Element): AttributeScan {
  const out = scratch;
  out.role = out.handler = out.testId = out.contentEditable = null;
  out.tabindex = null;
  out.stableAttributes = 0;
  out.className = '';
  out.ariaHidden =
    out.inert =
    out.href =
    out.browserxOverlay =
    out.draggable =
    out.stable =
    out.aria =
    out.authorNamed =
      false;
  // Most elements have no attributes at all; Attr wrappers are costly to create.
  if (!el.hasAttributes()) return out;
  const names = el.getAttributeNames();
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    switch (name) {
      case 'role':
        out.role = el.getAttribute(name);
        out.stable = true;
        out.stableAttributes |= STABLE_BIT.role;
        break;
      case 'id':
        out.stable = true;
        break;
      case 'name':
      case 'type':
        out.stable = true;
        out.stableAttributes |= STABLE_BIT[name];
        break;
      case 'aria-label':
        out.stable = true;
        out.stableAttributes |= STABLE_BIT[name];
        if (/\S/.test(el.getAttribute(name) ?? '')) out.authorNamed = true;
        break;
      case 'aria-labelledby':
        out.authorNamed = out.aria = true;
        break;
      case 'tabindex': {
        const n = parseInt(el.getAttribute(name) ?? '', 10);
        out.tabindex = Number.isNaN(n) ? null : n;
        break;
      }
      case 'class':
        out.className = el.getAttribute(name) ?? '';
        break;
      case 'contenteditable':
        out.contentEditable = el.getAttribute(name);
        break;
      case 'aria-hidden':
        out.ariaHidden = (el.getAttribute(name) ?? '').trim().toLowerCase() === 'true';
        break;
      case 'inert':
        out.inert = true;
        break;
      case 'href':
        out.href = out.stable = true;
        out.stableAttributes |= STABLE_BIT.href;
        break;
      case 'data-testid':
        out.testId = el.getAttribute(name);
        out.stable = true;
        out.stableAttributes |= STABLE_BIT[name];
        break;
      case 'data-test':
      case 'data-cy':
      case 'data-test-id':
        out.testId = el.getAttribute(name);
        break;
      case 'data-browserx-overlay':
      case 'data-domtool-ignore':
        out.browserxOverlay = true;
        break;
      case 'draggable':
        out.draggable = el.getAttribute(name) === 'true';
        break;
      default:
        if (name.charCodeAt(0) === 97 /* a */ && name.startsWith('aria-')) out.aria = metAriaAttribute(name);
        else if (
          name.charCodeAt(0) === 111 /* o */ &&
          name.charCodeAt(1) === 110 /* n */ &&
          HANDLER_ATTRIBUTES.has(name)
        ) {
          out.handler = name;
        }
    }
  }
  return out;
}

export interface Actionability {
  tier: 1 | 2 | 3;
  /** Short reason for tier 1/2 ('native', 'role', 'onclick', 'cursor', ...). */
  reason?: string;
  focusable: boolean;
}

const NOT_ACTIONABLE: Actionability = { tier: 3, focusable: false };

const ACTION_WORD =
  /(?:^|[-_\s])(?:btn|button|clickable|click|toggle|close|dismiss|submit|open|expand|collapse|trigger|menu-item|dropdown|tab|link|cta|action|checkbox|radio|switch|select|chip)(?:$|[-_\s])/i;
const ACTION_CLASS =
  /(?:^|\s)(?:[\w-]*(?:btn|button|clickable)[\w-]*|[\w-]*(?:toggle|trigger|dropdown-item|menu-item)|js-[\w-]*click[\w-]*)(?:\s|$)/i;

/** Native and ARIA controls: what a wrapper of controls holds. */
const CONTROL_SELECTOR =
  'a[href],area[href],button,input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=menuitem],[role=tab],[role=checkbox],[role=option],[role=switch],[role=radio]';

/**
 * The controls inside stand for the container: it is a pure wrapper of controls (a
 * button group, a menu item around its link and submenu, a styled box around one
 * button: no text of its own besides them), or it holds a link, which already opens
 * what clicking the container would (a product tile and its title link). A card or a
 * table row with text of its own and only buttons (Add, Delete) is a target itself.
 * Only asked for the few elements that show a weak signal (cursor, listener, class).
 */
function representedByControls(el: Element): boolean {
  let controls: NodeListOf<Element>;
  try {
    controls = el.querySelectorAll(CONTROL_SELECTOR);
  } catch {
    return false;
  }
  if (!controls.length) return false;
  // A link decides it without reading any text.
  for (let i = 0; i < controls.length; i++)
    if (controls[i].localName === 'a' || controls[i].localName === 'area') return true;
  let own = visibleLength(el.textContent);
  let last: Element | null = null;
  for (let i = 0; i < controls.length && own > 0; i++) {
    const c = controls[i];
    // Nested controls count once, with their outermost control.
    if (last && last.contains(c)) continue;
    last = c;
    own -= visibleLength(c.textContent);
  }
  return own <= 0;
}

/** Characters that are not white space. */
function visibleLength(text: string | null): number {
  if (!text) return 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 160) n++;
  }
  return n;
}

/**
 * The cursor value the last classification read ('' if it did not need it). Traversal
 * passes it down as the parent's cursor; a module variable avoids a callback per element.
 */
let cursorRead = '';

export function lastCursorRead(): string {
  return cursorRead;
}

/** What the nearest actionable ancestor is: nothing, a control, or a custom target. */
export const NO_CONTAINER = 0;
/** Inside a native or ARIA control (button, link, label, editor, role=option…): its content is part of it. */
export const IN_CONTROL = 1;
/** Inside a custom target (clickable card, row, dropdown): its items may be targets of their own. */
export const IN_CUSTOM = 2;

/** What classification knows about an element's surroundings. */
export interface Surroundings {
  /** Computed cursor of the parent ('' when not read): an own pointer cursor differs from it. */
  parentCursor: string;
  /** NO_CONTAINER, IN_CONTROL or IN_CUSTOM. */
  container: number;
  /** Selectors of jQuery handlers that ancestors (or the document) delegate, or null. */
  delegated: string[] | null;
  /** An embedder's listener source (SnapshotOptions.hasClickListener). */
  hasClickListener?: (element: Element) => boolean;
  /** The parent element is a custom click target (tier 2: a listener, a handler, a pointer cursor). */
  parentTarget: boolean;
}

/**
 * Whether an actionable element's repeated children are its items (event delegation): a
 * custom click target (tier 2), not an item itself (an item's two spans are not items
 * again), not a table row (its cells belong to it), and not a structure that is only a tab stop (a focusable tab panel, region or
 * article is read, not clicked: its paragraphs are not a list of entries).
 */
export function holdsItems(act: Actionability | null, tag: string, role: string | null): boolean {
  if (!act || act.tier !== 2 || act.reason === 'item' || tag === 'tr') return false;
  return !(act.reason === 'tabindex' && role !== null && !isInteractiveRole(role));
}

/** The container kind an actionable element makes for its descendants. */
export function containerFor(act: Actionability | null, outer: number): number {
  if (!act || act.tier === 3 || outer === IN_CONTROL) return outer;
  return act.tier === 1 ? IN_CONTROL : IN_CUSTOM;
}

/** The parent whose children were last counted, and how many share each tag + class. */
let countedParent: Element | null = null;
const shapeCounts: Record<string, number> = {};
let shapeKeys: string[] = [];

/**
 * Event delegation (issue 21): one listener on a list or menu that finds the item with
 * `e.target.closest(…)` leaves the items without any sign of their own. A person sees
 * repeated entries and clicks one: an element is such an item when its parent is a
 * custom click target, it is laid out as a box (not an inline piece of the target's text),
 * at least one sibling has its tag and class, and it shows text or an image of its own. Siblings are counted once per parent (items are visited in a row).
 */
function isRepeatedItem(el: Element, style: CSSStyleDeclaration): boolean {
  // Entries are laid out as boxes of their own (rows, tiles, chips); inline pieces of a
  // card's text (a title span and a price span) are parts of the one target.
  const display = style.display;
  if (display === 'inline' || display === 'contents') return false;
  const parent = el.parentElement;
  if (!parent) return false;
  if (parent !== countedParent) {
    countedParent = parent;
    for (let i = 0; i < shapeKeys.length; i++) delete shapeCounts[shapeKeys[i]];
    shapeKeys = [];
    let n = 0;
    for (let c = parent.firstElementChild; c && n < 500; c = c.nextElementSibling, n++) {
      const key = shapeOf(c);
      if (shapeCounts[key] === undefined) {
        shapeCounts[key] = 0;
        shapeKeys.push(key);
      }
      shapeCounts[key]++;
    }
  }
  if ((shapeCounts[shapeOf(el)] ?? 0) < 2) return false;
  return /\S/.test(el.textContent ?? '') || el.querySelector('img,svg') !== null;
}

/** Tag and class: what makes siblings "the same kind of entry" ('\u0001' cannot occur in either). */
function shapeOf(el: Element): string {
  return el.localName + '\u0001' + (el.getAttribute('class') ?? '').trim();
}

/** pointer-events:none lets clicks fall through; read only for the few candidates. */
function reachable(style: CSSStyleDeclaration, result: Actionability): Actionability {
  return style.pointerEvents === 'none' ? NOT_ACTIONABLE : result;
}

/** Cheap substring screen before the (backtracking) class regex; most class lists fail it. */
function mayBeActionClass(className: string): boolean {
  return ACTION_CLASS_WORD.test(className);
}

/** One pass, no lower-cased copy of every class list. */
const ACTION_CLASS_WORD = /btn|button|click|toggle|trigger|dropdown-item|menu-item/i;

/** Native control whose activation needs no script: tier 1 by tag. */
function nativeReason(el: Element, tag: string, scan: AttributeScan): string | null {
  switch (tag) {
    case 'a':
    case 'area':
      return scan.href ? 'native' : null;
    case 'button':
    case 'select':
    case 'textarea':
      return 'native';
    case 'input':
      return inputType(el) === 'hidden' ? null : 'native';
    case 'summary': {
      const parent = el.parentElement;
      return parent && parent.localName === 'details' ? 'native' : null;
    }
    case 'audio':
    case 'video':
      return el.hasAttribute('controls') ? 'native' : null;
    case 'label':
      return (el as HTMLLabelElement).control ? 'label' : null;
    default:
      return null;
  }
}

/** A widget role the author declared where the accessibility tree drops it (role=option outside a listbox). */
function declaredWidgetRole(scan: AttributeScan): boolean {
  const declared = scan.role!.trim().toLowerCase();
  const space = declared.indexOf(' ');
  return isInteractiveRole(space < 0 ? declared : declared.slice(0, space));
}

/** Listener expando bits of the last classified element (DELEGATES tells traversal to read its selectors). */
let listenerBits = 0;

export function lastListenerBits(): number {
  return listenerBits;
}

function hasOwnListener(el: Element, around: Surroundings): boolean {
  if (listenerBits & OWN_LISTENER) return true;
  if (around.delegated && matchesDelegated(el, around.delegated)) return true;
  if (around.hasClickListener) {
    try {
      return around.hasClickListener(el) === true;
    } catch {
      return false;
    }
  }
  return false;
}

/** Words an icon's class, data-icon or label use for an action of its own (more, expand, remove…). */
const ACTION_ICON =
  /(?:^|[\s_-])(?:more|ellipsis|kebab|meatballs|dots|overflow|caret|chevron|expander|expand|collapse|switcher|disclosure|remove|delete|trash|close|clear|edit)(?:$|[\s_-])/i;

/**
 * An icon-only piece whose own words name an action (`<span class="more">⋮</span>` in a
 * clickable row, handled by one listener on the list: no signal of its own a content
 * script can see). It holds no text, an icon (svg, img, <i>) or is one, and the piece
 * around it is not such an icon already (the <svg> inside `.more` is not a second one).
 */
function actionIcon(el: Element): boolean {
  const words = iconWords(el);
  if (!words || !ACTION_ICON.test(words)) return false;
  const parent = el.parentElement;
  if (parent && ACTION_ICON.test(iconWords(parent))) return false;
  if (visibleLength(el.textContent) > 0) return false;
  return (
    el.localName === 'svg' || el.localName === 'img' || el.localName === 'i' || el.querySelector('svg,img,i') !== null
  );
}

function iconWords(el: Element): string {
  const cls = el.getAttribute('class');
  const icon = el.getAttribute('data-icon');
  return cls && icon ? cls + ' ' + icon : (cls ?? icon ?? '');
}

/**
 * A control's icon-only part with a click signal of its own is a second target inside it:
 * a tree item's caret, a disclosure triangle, a chip's remove cross. A person clicks the
 * icon to expand or remove, the text to select; clicking the item's centre never hits the
 * icon. Its signal must be its own (a pointer cursor the parent does not have, or a
 * framework listener), it shows no text, and the control around it does (an icon-only
 * button is the icon: no second target). Read only for elements inside controls.
 */
function iconPart(el: Element, style: CSSStyleDeclaration, around: Surroundings): boolean {
  if (around.parentTarget) return false;
  const parent = el.parentElement;
  if (!parent) return false;
  if (actionIcon(el)) return true;
  const pointer = style.cursor === 'pointer';
  if (!pointer && !(readListenerExpandos(el) & OWN_LISTENER)) return false;
  if (visibleLength(el.textContent) > 0) return false;
  if (pointer && getStyle(parent)?.cursor === 'pointer') return false;
  // The control shows text besides the icon: climb a few levels for it.
  for (let cur: Element | null = parent, i = 0; cur && i < 4; i++, cur = cur.parentElement) {
    if (visibleLength(cur.textContent) > 0) return true;
  }
  return false;
}

/**
 * Principle: an element is a click target of its own when it carries a signal of its
 * own — one it does not merely inherit from the target around it. Native controls,
 * widget roles (also outside their required context), inline handlers, framework or
 * jQuery listeners (also delegated ones) and a tab stop are always its own; a pointer
 * cursor is its own only where the parent's cursor is not a pointer; tabindex="-1"
 * marks the items of a custom widget (roving focus) inside a custom target, and the cells
 * and rows of a grid (a date picker's days: the grid's arrow keys move among them, a
 * click picks one) — a grid is not a target around them, so the cell's own mark counts. Content of a
 * native or ARIA control is part of that control. Weak signals (cursor, listener, test id,
 * class) on a pure wrapper of controls mark no target: its controls carry the ids.
 */
export function classifyActionability(
  el: Element,
  tag: string,
  role: string | null,
  scan: AttributeScan,
  style: CSSStyleDeclaration,
  around: Surroundings,
): Actionability {
  cursorRead = '';
  listenerBits = 0;
  const focusable = scan.tabindex !== null ? scan.tabindex >= 0 : false;
  const native = nativeReason(el, tag, scan);
  if (native) {
    const result: Actionability = { tier: 1, reason: native, focusable: native !== 'label' || focusable };
    // A disabled control is still listed [disabled]; pointer-events:none is often just its look (Bootstrap).
    // pointer-events read once: for links and controls it was read twice (here and in reachable).
    if (style.pointerEvents !== 'none') return result;
    return native === 'native' && isDisabled(el) ? result : NOT_ACTIONABLE;
  }
  if (scan.contentEditable !== null && (el as HTMLElement).isContentEditable) {
    const parent = el.parentElement;
    // Only the editing host; its descendants are part of the same editor.
    if (!parent || !parent.isContentEditable)
      return reachable(style, { tier: 1, reason: 'contenteditable', focusable: true });
  }
  if (scan.role && isInteractiveRole(role)) return reachable(style, { tier: 1, reason: 'role', focusable });
  if (tag === 'body' || tag === 'html') return NOT_ACTIONABLE;
  // Outside a control the element may hold targets of its own: its cursor is read for them.
  const inControl = around.container === IN_CONTROL;
  const cursor = inControl ? '' : style.cursor;
  cursorRead = cursor;
  if (!inControl) listenerBits = readListenerExpandos(el);
  if (scan.role && !role && declaredWidgetRole(scan)) return reachable(style, { tier: 2, reason: 'role', focusable });
  if (scan.handler) return reachable(style, { tier: 2, reason: scan.handler, focusable });
  if (focusable && tag !== 'iframe') return reachable(style, { tier: 2, reason: 'tabindex', focusable });
  if (scan.draggable) return reachable(style, { tier: 2, reason: 'draggable', focusable });
  if (inControl)
    return iconPart(el, style, around) ? reachable(style, { tier: 2, reason: 'part', focusable }) : NOT_ACTIONABLE;
  if (scan.tabindex === -1 && (around.container === IN_CUSTOM || role === 'gridcell' || role === 'row'))
    return reachable(style, { tier: 2, reason: 'roving-tabindex', focusable });
  // Sortable rows and cards announce themselves with a grab/move cursor (drag() needs their ids).
  if ((cursor === 'grab' || cursor === 'move') && around.parentCursor !== cursor)
    return reachable(style, { tier: 2, reason: 'draggable', focusable });
  const weak =
    cursor === 'pointer' && around.parentCursor !== 'pointer'
      ? 'cursor'
      : hasOwnListener(el, around)
        ? 'listener'
        : around.parentTarget && isRepeatedItem(el, style)
          ? 'item'
          : around.container !== NO_CONTAINER
            ? actionIcon(el)
              ? 'part'
              : null
            : scan.testId && ACTION_WORD.test(scan.testId)
              ? 'testid'
              : scan.className && mayBeActionClass(scan.className) && ACTION_CLASS.test(scan.className)
                ? 'class'
                : null;
  if (!weak || representedByControls(el)) return NOT_ACTIONABLE;
  return reachable(style, { tier: 2, reason: weak, focusable });
}
