// S3 actionability in the three tiers of seed 004:
//   tier 1 — native/semantic controls (a[href], button, input, select, textarea,
//            summary, contenteditable hosts, interactive ARIA roles, labels);
//   tier 2 — heuristics for custom controls (inline on* handlers, tabindex >= 0,
//            own cursor:pointer, action-like test ids / classes, framework listener props);
//   tier 3 — structure.
// All attribute checks come from one pass over `el.attributes`.
import { isInteractiveRole } from './aria';

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
  browserxOverlay: boolean;
  /** draggable="true": a drag source (drag() needs its id). */
  draggable: boolean;
  /** Has some aria-* attribute besides aria-hidden / aria-label (states may be set). */
  aria: boolean;
  /** Has an attribute the structural id hashes (id, name, type, role, aria-label, data-testid, href). */
  stable: boolean;
}

const HANDLER_ATTRIBUTES = new Set([
  'onclick', 'onmousedown', 'onmouseup', 'onpointerdown', 'onpointerup', 'ondblclick',
  'onkeydown', 'onkeyup', 'onkeypress', 'ontouchstart', 'ontouchend', 'onchange', 'oninput',
]);

/** One scratch result reused for every element: traversal reads it before the next scan. */
const scratch: AttributeScan = {
  role: null, tabindex: null, handler: null, testId: null, className: '',
  contentEditable: null, ariaHidden: false, inert: false, href: false, browserxOverlay: false, draggable: false, stable: false, aria: false,
};

/** Reads the attributes classification needs, in one pass. The result is valid until the next call. */
export function scanAttributes(el: Element): AttributeScan {
  const out = scratch;
  out.role = out.handler = out.testId = out.contentEditable = null;
  out.tabindex = null;
  out.className = '';
  out.ariaHidden = out.inert = out.href = out.browserxOverlay = out.draggable = out.stable = out.aria = false;
  // Most elements have no attributes at all; Attr wrappers are costly to create.
  if (!el.hasAttributes()) return out;
  const names = el.getAttributeNames();
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    switch (name) {
      case 'role': out.role = el.getAttribute(name); out.stable = true; break;
      case 'id': case 'name': case 'type': case 'aria-label': out.stable = true; break;
      case 'tabindex': {
        const n = parseInt(el.getAttribute(name) ?? '', 10);
        out.tabindex = Number.isNaN(n) ? null : n;
        break;
      }
      case 'class': out.className = el.getAttribute(name) ?? ''; break;
      case 'contenteditable': out.contentEditable = el.getAttribute(name); break;
      case 'aria-hidden': out.ariaHidden = (el.getAttribute(name) ?? '').trim().toLowerCase() === 'true'; break;
      case 'inert': out.inert = true; break;
      case 'href': out.href = out.stable = true; break;
      case 'data-testid': out.testId = el.getAttribute(name); out.stable = true; break;
      case 'data-test': case 'data-cy': case 'data-test-id': out.testId = el.getAttribute(name); break;
      case 'data-browserx-overlay': out.browserxOverlay = true; break;
      case 'draggable': out.draggable = el.getAttribute(name) === 'true'; break;
      default:
        if (name.charCodeAt(0) === 97 /* a */ && name.startsWith('aria-')) out.aria = true;
        else if (name.charCodeAt(0) === 111 /* o */ && name.charCodeAt(1) === 110 /* n */ && HANDLER_ATTRIBUTES.has(name)) {
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

const ACTION_WORD = /(?:^|[-_\s])(?:btn|button|clickable|click|toggle|close|dismiss|submit|open|expand|collapse|trigger|menu-item|dropdown|tab|link|cta|action|checkbox|radio|switch|select|chip)(?:$|[-_\s])/i;
const ACTION_CLASS = /(?:^|\s)(?:[\w-]*(?:btn|button|clickable)[\w-]*|[\w-]*(?:toggle|trigger|dropdown-item|menu-item)|js-[\w-]*click[\w-]*)(?:\s|$)/i;

const CONTROL_SELECTOR = 'a[href],button,input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=menuitem],[role=tab],[role=checkbox]';

/** Holds two or more native or ARIA controls. Only asked for the few heuristic candidates. */
function wrapsControls(el: Element): boolean {
  try {
    return el.querySelectorAll(CONTROL_SELECTOR).length >= 2;
  } catch {
    return false;
  }
}

/**
 * The cursor value the last classification read ('' if it did not need it). Traversal
 * passes it down as the parent's cursor; a module variable avoids a callback per element.
 */
let cursorRead = '';

export function lastCursorRead(): string {
  return cursorRead;
}

/** pointer-events:none lets clicks fall through; read only for the few candidates. */
function reachable(style: CSSStyleDeclaration, result: Actionability): Actionability {
  return style.pointerEvents === 'none' ? NOT_ACTIONABLE : result;
}

/** Cheap substring screen before the (backtracking) class regex; most class lists fail it. */
function mayBeActionClass(className: string): boolean {
  const c = className.toLowerCase();
  return c.includes('btn') || c.includes('button') || c.includes('click') || c.includes('toggle') || c.includes('trigger') || c.includes('dropdown-item') || c.includes('menu-item');
}

/** Native control whose activation needs no script: tier 1 by tag. */
function nativeReason(el: Element, tag: string, scan: AttributeScan): string | null {
  switch (tag) {
    case 'a': case 'area': return scan.href ? 'native' : null;
    case 'button': case 'select': case 'textarea': return 'native';
    case 'input': return (el as HTMLInputElement).type === 'hidden' ? null : 'native';
    case 'summary': {
      const parent = el.parentElement;
      return parent && parent.localName === 'details' ? 'native' : null;
    }
    case 'audio': case 'video': return el.hasAttribute('controls') ? 'native' : null;
    case 'label': return (el as HTMLLabelElement).control ? 'label' : null;
    default: return null;
  }
}


/** React/Vue attach listeners as expando props; visible only in the page's own world. */
function hasFrameworkClickListener(el: Element): boolean {
  const keys = Object.keys(el);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key.charCodeAt(0) !== 95 /* _ */) continue;
    if (key.startsWith('__reactProps$')) {
      const props = (el as unknown as Record<string, Record<string, unknown> | undefined>)[key];
      if (props && (typeof props.onClick === 'function' || typeof props.onMouseDown === 'function' || typeof props.onPointerDown === 'function')) return true;
    } else if (key === '_vei') {
      const invokers = (el as unknown as Record<string, Record<string, unknown> | undefined>)[key];
      if (invokers && (invokers.onClick || invokers.onMousedown || invokers.onPointerdown)) return true;
    }
  }
  return false;
}

export function classifyActionability(
  el: Element,
  tag: string,
  role: string | null,
  scan: AttributeScan,
  style: CSSStyleDeclaration,
  parentCursor: string,
  insideActionable: boolean,
): Actionability {
  cursorRead = '';
  const focusable = scan.tabindex !== null ? scan.tabindex >= 0 : false;
  const native = nativeReason(el, tag, scan);
  if (native) return reachable(style, { tier: 1, reason: native, focusable: native !== 'label' || focusable });
  if (scan.contentEditable !== null && (el as HTMLElement).isContentEditable) {
    const parent = el.parentElement as HTMLElement | null;
    // Only the editing host; its descendants are part of the same editor.
    if (!parent || !parent.isContentEditable) return reachable(style, { tier: 1, reason: 'contenteditable', focusable: true });
  }
  if (scan.role && isInteractiveRole(role)) return reachable(style, { tier: 1, reason: 'role', focusable });
  if (scan.handler) return reachable(style, { tier: 2, reason: scan.handler, focusable });
  if (focusable && tag !== 'iframe') return reachable(style, { tier: 2, reason: 'tabindex', focusable });
  if (scan.draggable) return reachable(style, { tier: 2, reason: 'draggable', focusable });
  if (insideActionable || tag === 'body' || tag === 'html') return NOT_ACTIONABLE;
  // Own (not inherited) pointer cursor: the parent does not already show one.
  const cursor = style.cursor;
  cursorRead = cursor;
  // The weaker signals below mark a container of several real controls (a button group,
  // a menu item with a submenu, a product tile with its buttons): the controls carry the ids.
  if (cursor === 'pointer' && parentCursor !== 'pointer' && !wrapsControls(el)) return reachable(style, { tier: 2, reason: 'cursor', focusable });
  // Sortable rows and cards announce themselves with a grab/move cursor (drag() needs their ids).
  if ((cursor === 'grab' || cursor === 'move') && parentCursor !== cursor) return reachable(style, { tier: 2, reason: 'draggable', focusable });
  if (scan.testId && ACTION_WORD.test(scan.testId) && !wrapsControls(el)) return reachable(style, { tier: 2, reason: 'testid', focusable });
  if (scan.className && mayBeActionClass(scan.className) && ACTION_CLASS.test(scan.className) && !wrapsControls(el)) return reachable(style, { tier: 2, reason: 'class', focusable });
  if (hasFrameworkClickListener(el)) return reachable(style, { tier: 2, reason: 'listener', focusable });
  return NOT_ACTIONABLE;
}
