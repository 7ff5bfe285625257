// Builds the VirtualNode of a kept element: role, accessible name (or hint), states,
// value, link/image targets and computed facts (S4, S5). Only kept elements get here,
// so the costlier name computation runs for a small share of the page.
import { isHtml, wordList } from '../../semantics/element';
import type { ResolvedSnapshotOptions } from '../../options';
import type { VirtualNode } from '../../types';
import {
  KNOWN_UNLABELLED,
  KNOWN_VISIBLE,
  currentOf,
  displayKnown,
  expandedOf,
  haspopupOf,
  inputType,
  isFocusable,
  isFocused,
  nameOf,
  pressedOf,
  writeAriaStates,
} from '../../semantics';
import { STABLE_BIT } from '../ids/element-ids';
import type { BuildNode, PendingDescription } from '../tree';
import type { Actionability, AttributeScan } from './actionability';
import { readEditableText, readFieldValue } from './values';
import type { PlainRect } from '../../dom/geometry';
import { truncate } from '../../dom/dom-utils';
import { declaredFormatType } from '../../dom/input-formats';
import { consequenceOf } from './consequences';
import { shortenUrl } from './short-url';

export interface NodeFacts {
  el: Element;
  tag: string;
  role: string | null;
  scan: AttributeScan;
  style: CSSStyleDeclaration;
  /** The element's display, as the walk read it. */
  display: string;
  act: Actionability | null;
  offscreen: boolean;
  rect: PlainRect;
  options: ResolvedSnapshotOptions;
  /** Set by describeElement: the accessible name was computed (vn.name is it, cut to MAX_NAME_LENGTH). */
  named?: boolean;
  /** Set by describeHead: how many fields (keys) it gave the node. */
  keys: number;
  /** Set by describeKept: the rest of the description waits for the node's line (BuildNode.pending). */
  pending?: PendingDescription;
}

export const MAX_NAME_LENGTH = 150;

const STATEFUL_ROLES = wordList(
  'heading row progressbar meter scrollbar treeitem dialog alertdialog tabpanel gridcell group listbox ' +
    'tree grid treegrid menu menubar tablist radiogroup',
);

/** Roles whose accessible name comes from their content: naming them would repeat their text. */
const UNNAMED_CONTAINER_ROLES = wordList(
  'listitem row cell gridcell list paragraph tabpanel columnheader rowheader log status alert math',
);

/** Placeholder box of fresh facts before their first element. */
const NO_BOX: PlainRect = { left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0 };

/** Facts for one walk to refill per kept element (describeKept): no object per kept node. */
export function walkFacts(el: Element, scan: AttributeScan, options: ResolvedSnapshotOptions): NodeFacts {
  return {
    el,
    tag: '',
    role: null,
    scan,
    style: null!,
    display: '',
    act: null,
    offscreen: false,
    rect: NO_BOX,
    options,
    keys: 0,
  };
}

/**
 * describeElement on `facts` refilled for a kept element; `rect` is its box in top-level
 * viewport coordinates. Most of the description waits (`facts.pending`, completeNode): the
 * walk computes what decides the node's place and id (role, name, actionability), the rest
 * is computed for the nodes whose lines are priced or shown — distillation drops many kept
 * nodes (folded links, hoisted wrappers), a token budget many more.
 */
export function describeKept(
  facts: NodeFacts,
  el: Element,
  tag: string,
  role: string | null,
  scan: AttributeScan,
  style: CSSStyleDeclaration,
  display: string,
  act: Actionability | null,
  offscreen: boolean,
  rect: PlainRect,
): VirtualNode {
  facts.el = el;
  facts.tag = tag;
  facts.role = role;
  facts.scan = scan;
  facts.style = style;
  facts.display = display;
  facts.act = act;
  facts.offscreen = offscreen;
  facts.rect = rect;
  facts.pending = undefined;
  if (!mayWait(el, tag, role, scan, act)) return describeElement(facts);
  const vn = describeHead(facts);
  facts.pending = {
    done: false,
    role,
    act,
    aria: scan.aria,
    relations: relationsOf(scan),
    href: scan.href,
    offscreen,
    rect,
    includeLayout: facts.options.includeLayout,
    name: vn.name,
    keys: facts.keys,
  };
  return vn;
}

/**
 * Whether the rest of a kept element's description may wait for its line. Not when an
 * earlier pass reads it for every node: field values (flatten), the focus and invalid
 * states (what the budget must keep), a heading's level (its label, so its lower-bound
 * price), a script-drawn slider handle (its role).
 */
function mayWait(
  el: Element,
  tag: string,
  role: string | null,
  scan: AttributeScan,
  act: Actionability | null,
): boolean {
  if (tag === 'input' || tag === 'textarea' || tag === 'select' || role === 'heading') return false;
  if (act?.reason === 'contenteditable') return false;
  if (act?.tier === 2 && !role && PERCENT_POSITION.test(el.getAttribute('style') ?? '')) return false;
  if (scan.aria && el.hasAttribute('aria-invalid')) return false;
  return !isFocused(el);
}

/**
 * Completes a node whose description waited (describeKept): the same fields, in the same
 * order, as describing it in the walk gives. Fields later passes added (text, covered…)
 * stay after them. Runs once per element, whichever copy of the node asks.
 */
export function completeNode(node: BuildNode): boolean {
  const d = node.pending;
  if (!d || d.done) return false;
  d.done = true;
  const vn = node.vn;
  const el = node.ref as Element;
  const later = laterFields(vn, d.keys);
  // States show in the line, and so do a consequence and an actionable non-link's offscreen mark.
  const shown =
    describeStates(vn, el, d.role, d.act, d.aria) ||
    (!!d.act && d.act.tier < 3 && (vn.role !== 'link' ? d.offscreen : false));
  describeTail(vn, el, vn.tag, d.act, d.href, d.relations, d.name, d.offscreen, d.rect, d.includeLayout);
  if (d.folded) unfoldTarget(vn);
  if (later)
    for (let i = 0; i < later.length; i += 2)
      (vn as unknown as Record<string, unknown>)[later[i] as string] = later[i + 1];
  return shown || vn.consequence !== undefined;
}

/**
 * A folded link (distill/duplicate-links.ts) stops being a target of its own: no name, hint or
 * consequence, not interactive. Now if the link is described, else when its description completes.
 */
export function untarget(node: BuildNode): void {
  const vn = node.vn;
  vn.actionable = undefined;
  vn.name = undefined;
  vn.hint = undefined;
  vn.tier = 3;
  const d = node.pending;
  if (d && !d.done) d.folded = true;
  else unfoldTarget(vn);
}

function unfoldTarget(vn: VirtualNode): void {
  vn.consequence = undefined;
  if (vn.computed) vn.computed.interactive = false;
}

/** Whether the element takes focus, as the node's computed facts say, without describing it. */
export function focusableOf(node: BuildNode): boolean {
  const d = node.pending;
  if (!d || d.done) return !!node.vn.computed?.focusable;
  return !!focusableFact(node.ref as Element, d.act);
}

/**
 * Whether the node has a state that makes a link a control of its own (a disclosure, a
 * toggle, the current page, a popup), as its description gives, without describing it.
 */
export function hasControlState(node: BuildNode): boolean {
  const d = node.pending;
  const vn = node.vn;
  // A control's icon part takes its state from an ancestor: described as usual.
  if (d && !d.done && d.act?.reason !== 'part') {
    const el = node.ref as Element;
    return (
      expandedOf(el, d.role, d.aria) !== undefined ||
      pressedOf(el, d.role, d.aria) !== undefined ||
      currentOf(el, d.aria) !== undefined ||
      haspopupOf(el, isHtml(el) ? el.localName : '', d.role, d.aria) !== undefined
    );
  }
  completeNode(node);
  if (vn.expanded !== undefined || vn.pressed !== undefined || (vn.current && vn.current !== 'false')) return true;
  return !!vn.haspopup && vn.haspopup !== 'false';
}

/** Removes and returns (key, value, key, value…) the fields added after the first `keys` ones; null when none. */
function laterFields(vn: VirtualNode, keys: number): unknown[] | null {
  const all = Object.keys(vn); // no for…in in the bundle (Object.prototype pollution)
  if (all.length <= keys) return null;
  const out: unknown[] = [];
  const record = vn as unknown as Record<string, unknown>;
  for (let i = keys; i < all.length; i++) out.push(all[i], record[all[i]]);
  // Last first: V8 keeps an object's fast shape when its newest field is deleted.
  for (let i = all.length - 1; i >= keys; i--) delete record[all[i]];
  return out;
}

export function describeElement(facts: NodeFacts): VirtualNode {
  const { el, tag, role, act, options } = facts;
  const vn = describeHead(facts);
  describeStates(vn, el, role, act, facts.scan.aria);

  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const field = readFieldValue(el, tag, options.allowSensitiveValues);
    if (field.value !== undefined) vn.value = field.value;
    if (field.redacted) vn.value = undefined;
    if (field.options) vn.options = field.options;
    if (field.optionsTotal !== undefined) vn.optionsTotal = field.optionsTotal;
    if (tag === 'input') {
      const type = declaredFormatType(el, inputType(el));
      if (type && type !== 'text') vn.inputType = type;
    }
    const placeholder = el.getAttribute('placeholder');
    if (placeholder && placeholder !== vn.name) vn.placeholder = placeholder;
  } else if (act?.reason === 'contenteditable') {
    const { value, cut } = readEditableText(el);
    if (value) vn.value = value;
    if (cut) vn.text_overflow = true;
  }

  const scan = facts.scan;
  describeTail(
    vn,
    el,
    tag,
    act,
    scan.href,
    relationsOf(scan),
    vn.name,
    facts.offscreen,
    facts.rect,
    options.includeLayout,
  );
  return vn;
}

/** Role, name and actionability: what the walk needs of every kept node (place, fingerprint, id). */
function describeHead(facts: NodeFacts): VirtualNode {
  const { el, tag, role, act } = facts;
  const actionable = !!act && act.tier < 3;
  // `keys` counts the fields as they are set (completeNode keeps later passes' fields after them).
  const vn: VirtualNode = { node_id: '', tag, visible: true };
  let keys = 3;
  if (role) {
    vn.role = role;
    keys++;
  }
  // A widget role the page declared where the accessibility tree drops it (an option
  // outside a listbox): the line keeps the page's word ("option: Rating"), as Playwright
  // and Chromium's own tree do. Only the label: name and fingerprint follow the computed role (A3).
  else if (act?.reason === 'role' && facts.scan.role) {
    vn.role = facts.scan.role.trim().toLowerCase().split(/\s+/)[0];
    keys++;
  }

  // A role-less clickable (div/span with a handler) has no accessible name in Chromium
  // unless one is given explicitly; its text is shown as text.
  // A container its author named (aria-label / aria-labelledby) says so: "list "Colors"".
  const named = role
    ? actionable || !UNNAMED_CONTAINER_ROLES.has(role) || facts.scan.authorNamed
    : actionable && (facts.el.hasAttribute('aria-label') || facts.el.hasAttribute('aria-labelledby'));
  facts.named = named;
  if (named) {
    // The walk describes only elements whose visibility it read as visible, it read their
    // display, and its scan saw whether the element has an aria-label or aria-labelledby.
    const scan = facts.scan;
    const unlabelled = !scan.authorNamed && !(scan.stableAttributes & STABLE_BIT['aria-label']);
    const known = KNOWN_VISIBLE | displayKnown(facts.display) | (unlabelled ? KNOWN_UNLABELLED : 0);
    const name = nameOf(el, role, known);
    if (name) {
      vn.name = truncate(name, MAX_NAME_LENGTH).text;
      keys++;
    }
  }
  if (actionable) {
    vn.actionable = true;
    vn.tier = act.tier;
    keys += 2;
    // Tier-2 reasons explain a heuristic; an editing host is named so the text can call it a text field.
    if ((act.tier === 2 || act.reason === 'contenteditable') && act.reason) {
      vn.reason = act.reason;
      keys++;
    }
  } else {
    vn.tier = 3;
    keys++;
  }
  facts.keys = keys;
  return vn;
}

type ActFacts = PendingDescription['act'];

/**
 * States, a script-drawn slider's position, and the state a control's icon part shows.
 * Whether it gave the node a field (each is one the node did not have): the line shows it.
 */
function describeStates(vn: VirtualNode, el: Element, role: string | null, act: ActFacts, aria: boolean): boolean {
  const actionable = !!act && act.tier < 3;
  let added = false;
  // Structure has few states worth reading (heading level, a row's selection, a meter's
  // value); controls have many. Other containers skip the lookups (and the ancestor walk
  // that inherited disabled state needs).
  if (actionable || (role !== null && STATEFUL_ROLES.has(role)) || aria) {
    added = statesOf(el, role, vn, aria) > 0;
  }
  if (act?.tier === 2 && !role && handlePosition(el, vn)) added = true;
  // A control's icon part (a tree caret) opens and closes the control: it shows the control's state.
  if (act?.reason === 'part' && vn.expanded === undefined) {
    const owner = el.parentElement?.closest('[aria-expanded]');
    const expanded = owner ? expandedOf(owner) : undefined;
    if (expanded !== undefined) {
      vn.expanded = expanded;
      added = true;
    }
  }
  return added;
}

/** Link and media targets, the consequence of acting, ARIA relations, computed facts and layout. */
function describeTail(
  vn: VirtualNode,
  el: Element,
  tag: string,
  act: ActFacts,
  href: boolean,
  relations: number,
  name: string | undefined,
  offscreen: boolean,
  rect: PlainRect,
  includeLayout: boolean,
): void {
  const actionable = !!act && act.tier < 3;
  // The scan saw whether there is an href: its value is read once, for the line and the consequence.
  const hrefValue = tag === 'a' || tag === 'area' ? (href ? (el.getAttribute('href') ?? '') : null) : undefined;
  if (typeof hrefValue === 'string') vn.href = shortenUrl(hrefValue, el.ownerDocument);
  if (tag === 'img' || tag === 'video' || tag === 'audio') {
    const src = el.getAttribute('src');
    if (src && !src.startsWith('data:')) vn.src = shortenUrl(src, el.ownerDocument);
  }

  if (actionable) {
    const consequence = consequenceOf(el, tag, vn.role, name, hrefValue);
    if (consequence) vn.consequence = consequence;
  }

  const aria = relations ? readAriaRelations(el, relations) : undefined;
  if (aria) vn.aria = aria;
  vn.computed = { visible: true, interactive: actionable };
  const focusable = focusableFact(el, act);
  if (focusable !== undefined) vn.computed.focusable = focusable;
  if (offscreen) vn.computed.offscreen = true;
  if (includeLayout) {
    vn.layout = {
      x: Math.round(rect.left),
      y: Math.round(rect.top),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    };
  }
}

/** computed.focusable: set for what the walk found focusable and for actionable elements. */
function focusableFact(el: Element, act: ActFacts): boolean | undefined {
  if (!act || (!act.focusable && act.tier >= 3)) return undefined;
  return act.focusable || isFocusable(el);
}

/** An inline position in percent along one axis: how a script-drawn slider places its handle. */
const PERCENT_POSITION = /(?:^|;)\s*(left|right|bottom|top)\s*:\s*(-?[\d.]+)%/i;

/**
 * A slider handle without ARIA (jQuery UI's is a bare <span tabindex=0>): a text-less
 * knob placed along a track three times its size by a percentage. A person reads its
 * value from where it sits; the line says so: `slider [valuetext="20% along the track"]`.
 */
function handlePosition(el: Element, vn: VirtualNode): boolean {
  const along = handleAlong(el);
  if (along === null) return false;
  vn.role = 'slider';
  vn.valuetext = `${along}% along the track`;
  return true;
}

/** Where a handle without ARIA sits along its track, in percent (null: not such a handle); type() reads it too. */
export function handleAlong(el: Element): number | null {
  const m = PERCENT_POSITION.exec(el.getAttribute('style') ?? '');
  const track = el.parentElement;
  if (!m || !track || /\S/.test(el.textContent ?? '')) return null;
  const side = m[1].toLowerCase();
  const horizontal = side === 'left' || side === 'right';
  const own = el.getBoundingClientRect();
  const r = track.getBoundingClientRect();
  // A handle is a knob (about square), not the track's filled part (a long thin bar).
  if (own.width > 2.5 * own.height || own.height > 2.5 * own.width) return null;
  if (horizontal ? r.width < 3 * own.width : r.height < 3 * own.height) return null;
  const percent = Math.round(Number(m[2]) * 100) / 100;
  return side === 'left' || side === 'bottom' ? percent : 100 - percent;
}

const RELATION_ATTRIBUTES = [
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'autocomplete',
] as const;
const RELATION_KEYS = ['label', 'labelledby', 'describedby', 'controls', 'autocomplete'] as const;
/** relationsOf's answers: bit i stands for RELATION_ATTRIBUTES[i]. */
const ALL_RELATIONS = (1 << RELATION_ATTRIBUTES.length) - 1;
const AUTOCOMPLETE_ONLY = 1 << RELATION_ATTRIBUTES.indexOf('autocomplete');
const LABEL_AND_AUTOCOMPLETE = AUTOCOMPLETE_ONLY | (1 << RELATION_ATTRIBUTES.indexOf('aria-label'));

/**
 * Which RELATION_ATTRIBUTES an element may carry (bit i: the i-th), from the walk's attribute
 * scan: any of them with some aria-* attribute besides aria-hidden / aria-label (`aria`); else
 * aria-label if the scan saw one, and autocomplete (not scanned), read as before on elements
 * with a stable attribute (id, name, type, href…); else none.
 */
function relationsOf(scan: AttributeScan): number {
  if (scan.aria) return ALL_RELATIONS;
  if (!scan.stable) return 0;
  return scan.stableAttributes & STABLE_BIT['aria-label'] ? LABEL_AND_AUTOCOMPLETE : AUTOCOMPLETE_ONLY;
}

/** The element's relation attributes among `which` (relationsOf), cut to 80 characters. */
function readAriaRelations(el: Element, which: number): VirtualNode['aria'] | undefined {
  let out: VirtualNode['aria'] | undefined;
  for (let i = 0; i < RELATION_ATTRIBUTES.length; i++) {
    if (!(which & (1 << i))) continue;
    const v = el.getAttribute(RELATION_ATTRIBUTES[i]);
    if (v) (out ??= {})[RELATION_KEYS[i]] = v.length > 80 ? v.slice(0, 80) : v;
  }
  return out;
}

// Never throw out of a snapshot (R1); plain try/catch, no closure per kept node.
// `aria`: the walk's scan saw an aria-* attribute that may set a state (otherwise none is read).
// How many states it wrote into the node.
function statesOf(el: Element, role: string | null, vn: VirtualNode, aria: boolean): number {
  try {
    return writeAriaStates(el, role, vn, aria, true); // a kept element: the walk visited it
  } catch {
    return 0; // writeAriaStates never throws; a state it could not read is left out
  }
}
