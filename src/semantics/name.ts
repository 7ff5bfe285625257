// Accessible name and description (S4) per W3C accname 1.2 ("Accessible Name and
// Description Computation"), with the HTML-AAM host-language rules, tuned to agree
// with Chromium. Step numbers in comments refer to accname 1.2 §4.3.2.
// Not truncated here (the engine truncates). Never throws.
import { shareableValue } from './privacy';
import { getElementByIdInScope, isElement, TEXT_NODE } from '../dom/dom-utils';
import { cleanName, hasNameText } from './name-text';
import { ariaCaches, getPseudoContent, pseudoContentPossible } from '../dom/caches';
import { allowsNameFromContent, getRole } from './roles';
import { attr, inputType } from './element';
import { getLabels, isLabelable } from './labels';
import {
  isBlockDisplay,
  isDisplayNone,
  isHiddenDeep,
  isVisibilityHidden,
  noteRendered,
  transformText,
} from './name-style';
import { simpleContentName } from './name-fast';

interface Ctx {
  /** The element whose name is being computed. */
  target: Element;
  /** Consulted-nodes guard (accname: "each node is consulted at most once"). */
  visited: Set<Node>;
  /** Inside an aria-labelledby/-describedby traversal: no second 2B. */
  inLabelledBy: boolean;
  /** Recursing below the target (2F children, label or labelledby content). */
  inContent: boolean;
  /** The traversal started at a hidden node (hidden labelledby target / label): include hidden. */
  allowHidden: boolean;
  /** Set by computeText: the returned text came from content (2F/2G), not from an attribute. */
  fromContent?: boolean;
}

const SKIP_TAGS: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
SKIP_TAGS.script = SKIP_TAGS.style = SKIP_TAGS.noscript = SKIP_TAGS.template = true;
SKIP_TAGS.head = SKIP_TAGS.title = SKIP_TAGS.meta = SKIP_TAGS.link = true;

// Roles whose content never contributes to an ancestor's name (containers of many
// sub-objects); Chromium skips them while computing name from content.
const NO_CONTENT_IN_RECURSION: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
{
  // Measured against Chromium: landmarks (except region), article, figure and group do
  // not contribute; lists, tables, regions and paragraphs do.
  const list =
    'grid treegrid tree listbox menu menubar tablist toolbar radiogroup dialog alertdialog ' +
    'img math application document article banner complementary contentinfo figure form group main ' +
    'navigation search';
  const parts = list.split(' ');
  for (let i = 0; i < parts.length; i++) NO_CONTENT_IN_RECURSION[parts[i]] = true;
}

/** In recursion (2F.iii), whether a descendant's content contributes (Chromium's rules). */
function contributesContent(el: Element, role: string | null): boolean {
  if (role === null) {
    // header/footer inside sectioning content (Chromium: sectionheader/sectionfooter).
    const tag = el.localName;
    return !((tag === 'header' || tag === 'footer') && el.namespaceURI === 'http://www.w3.org/1999/xhtml');
  }
  if (role === 'group' && el.localName === 'details') return true;
  return NO_CONTENT_IN_RECURSION[role] !== true;
}

// Replaced and void elements: Chromium's tree shows no generated content of theirs (an <img>'s
// ::before neither loaded nor broken; inputs, media, frames, canvases and rules neither, whatever
// getComputedStyle says), so their ::before/::after are never read. A <source> in a <picture>
// is not among them: Chromium shows its generated content.
const NO_GENERATED_CONTENT: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
for (const t of 'img input canvas video audio hr iframe embed object'.split(' ')) NO_GENERATED_CONTENT[t] = true;

const RANGE_ROLES: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
RANGE_ROLES.slider =
  RANGE_ROLES.spinbutton =
  RANGE_ROLES.scrollbar =
  RANGE_ROLES.progressbar =
  RANGE_ROLES.meter =
    true;

// ---------- id references and labels ----------

/** Shared answer for "no references" (most elements): callers only read it. */
const NO_REFS: Element[] = [];

function idRefs(el: Element, value: string | null): Element[] {
  if (!value) return NO_REFS;
  const out: Element[] = [];
  const ids = value.split(/[\t\n\f\r ]+/);
  for (let i = 0; i < ids.length; i++) {
    if (!ids[i]) continue;
    try {
      const ref = getElementByIdInScope(el, ids[i]);
      if (ref) out.push(ref);
    } catch {
      /* ignore */
    }
  }
  return out;
}

// ---------- the computation ----------

/** Text of `refs` joined by spaces, each traversed as a labelledby/label root (2B). */
function textOfRefs(refs: Element[], ctx: Ctx, viaAria: boolean): string {
  let result = '';
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    // 2B: a node met again gives nothing (a label read as a reference does not name its
    // control again); the element named may refer to itself, then named from its content.
    if (ctx.visited.has(ref) && !(viaAria && ref === ctx.target)) continue;
    ctx.visited.add(ref);
    const hidden = ctx.allowHidden || isHiddenDeep(ref);
    // Chromium includes hidden aria-labelledby targets but ignores hidden <label>s.
    if (hidden && !viaAria) continue;
    const sub: Ctx = {
      target: ctx.target,
      visited: ctx.visited,
      inLabelledBy: true,
      inContent: true,
      allowHidden: hidden,
    };
    const text = computeText(ref, sub, true);
    if (text) result += (result ? ' ' : '') + text;
  }
  return result;
}

function selectedOptionsText(select: Element, ctx: Ctx): string {
  let result = '';
  try {
    const options = (select as HTMLSelectElement).selectedOptions;
    if (options) {
      for (let i = 0; i < options.length; i++) result += ' ' + optionText(options[i], ctx);
      return result;
    }
    const all = select.getElementsByTagName('option');
    for (let i = 0; i < all.length; i++) if (all[i].selected) result += ' ' + optionText(all[i], ctx);
  } catch {
    /* ignore */
  }
  return result;
}

function optionText(option: Element, ctx: Ctx): string {
  const label = attr(option, 'label');
  if (label && label.trim()) return label;
  return contentText(option, ctx);
}

/** 2C: the value of a control embedded in the label of another widget, or null if not one. */
function embeddedControlText(el: Element, role: string | null, ctx: Ctx): string | null {
  const tag = el.localName;
  if (role === 'textbox' || role === 'searchbox') {
    if (tag === 'input' || tag === 'textarea') return shareableValue(el);
    return el.textContent || '';
  }
  if (role === 'combobox' || role === 'listbox') {
    if (tag === 'select') return selectedOptionsText(el, ctx);
    if (tag === 'input') return shareableValue(el);
    // 2C: the text alternative of the chosen option(s), also of a listbox the combobox owns.
    let result = '';
    const lists = [el, ...idRefs(el, attr(el, 'aria-owns')), ...idRefs(el, attr(el, 'aria-controls'))];
    for (let l = 0; l < lists.length; l++) {
      const chosen = lists[l].querySelectorAll('[aria-selected="true"]');
      for (let i = 0; i < chosen.length; i++) result += ' ' + computeText(chosen[i], childCtx(ctx), false);
    }
    // A combobox with no options of its own shows its value as its text (ARIA 1.0 style: <span role=combobox>3</span>).
    if (!result && role === 'combobox' && !el.querySelector('[role="listbox"],[role="option"]'))
      return el.textContent || '';
    return result;
  }
  if (role && RANGE_ROLES[role] === true) {
    const text = attr(el, 'aria-valuetext');
    if (text !== null && text.trim()) return text;
    const now = attr(el, 'aria-valuenow');
    if (now !== null && now.trim()) return now;
    if (tag === 'input') return shareableValue(el);
    return '';
  }
  return null;
}

function childCtx(ctx: Ctx): Ctx {
  if (ctx.inContent) return ctx;
  return {
    target: ctx.target,
    visited: ctx.visited,
    inLabelledBy: ctx.inLabelledBy,
    inContent: true,
    allowHidden: ctx.allowHidden,
  };
}

/** 2E: host-language text alternatives (HTML-AAM). Returns null when the element has none. */
function nativeText(el: Element, role: string | null, ctx: Ctx): string | null {
  const tag = el.localName;
  const ns = el.namespaceURI;
  if (ns === 'http://www.w3.org/2000/svg') {
    // SVG-AAM: a <title> child.
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName === 'title') return c.textContent || '';
    }
    return null;
  }
  if (tag === 'input') {
    const type = inputType(el);
    if (type === 'button' || type === 'submit' || type === 'reset') {
      const labels = getLabels(el);
      if (labels.length) {
        const t = textOfRefs(labels, ctx, false);
        if (hasNameText(t)) return t;
      }
      // A value attribute wins even when empty (Chromium: value="" names it "").
      const value = attr(el, 'value');
      if (value !== null) return value;
      if (type === 'submit') return 'Submit';
      if (type === 'reset') return 'Reset';
      return null;
    }
    if (type === 'image') {
      const alt = attr(el, 'alt');
      if (alt !== null && alt.trim()) return alt;
      const value = attr(el, 'value');
      if (value !== null && value.trim()) return value;
      const labels = getLabels(el);
      if (labels.length) {
        const t = textOfRefs(labels, ctx, false);
        if (hasNameText(t)) return t;
      }
      const title = attr(el, 'title');
      if (title !== null && title.trim()) return title;
      return 'Submit';
    }
  }
  if (isLabelable(el)) {
    const labels = getLabels(el);
    if (labels.length) {
      const t = textOfRefs(labels, ctx, false);
      // Chromium: a control with a <label> takes its name from it even when the label
      // is empty or hidden (no content/title/placeholder fallback).
      return t;
    }
    return null;
  }
  switch (tag) {
    case 'img':
    case 'area': {
      const alt = attr(el, 'alt');
      return alt !== null && alt.trim() ? alt : null;
    }
    case 'fieldset':
      return firstChildText(el, 'legend', ctx);
    case 'table': {
      const caption = firstChildText(el, 'caption', ctx);
      if (caption !== null) return caption;
      const summary = attr(el, 'summary');
      return summary && summary.trim() ? summary : null;
    }
    case 'optgroup': {
      const label = attr(el, 'label');
      return label && label.trim() ? label : null;
    }
    case 'option': {
      const label = attr(el, 'label');
      return label && label.trim() ? label : null;
    }
  }
  void role;
  return null;
}

function firstChildText(el: Element, childTag: string, ctx: Ctx): string | null {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if (c.localName === childTag) {
      const t = contentText(c, childCtx(ctx));
      return hasNameText(t) ? t : null;
    }
  }
  return null;
}

/** Placeholder fallbacks for text entry fields (HTML-AAM: after title). */
function placeholderText(el: Element, role: string | null): string | null {
  if (role !== 'textbox' && role !== 'searchbox' && role !== 'combobox') return null;
  const tag = el.localName;
  if (tag === 'input' || tag === 'textarea') {
    const p = attr(el, 'placeholder');
    if (p && p.trim()) return p;
  }
  const ap = attr(el, 'aria-placeholder');
  return ap && ap.trim() ? ap : null;
}

/** 2F: name from content — ::before, children in flat-tree order, ::after (2F.ii–2F.iv). */
function contentText(el: Element, ctx: Ctx): string {
  const selfHidden = !ctx.allowHidden && isVisibilityHidden(el);
  // Reading a pseudo-element style costs ~3 µs, and cross-origin style sheets defeat the
  // prefilter. Generated text that matters for names sits on the target itself or on
  // empty descendants (icons, separators); elements with content of their own are not read.
  // With unreadable (cross-origin) sheets, a target that has content of its own is not read.
  // A descendant with content of its own is read only when a rule with `content` matches it
  // (2F.ii applies to every node of the traversal, e.g. `label::before` naming a field).
  const readPseudo =
    !selfHidden &&
    NO_GENERATED_CONTENT[el.localName] !== true &&
    (el.firstChild === null || pseudoContentPossible(el) === 2);
  let result = '';
  // 2F.ii: CSS generated content before.
  if (readPseudo) result += getPseudoContent(el, '::before');
  // 2F.iii: each child (shadow tree and slots followed as rendered).
  let first: Node | null = null;
  let assigned: Node[] | null = null;
  const shadow = (el as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
  if (shadow) first = shadow.firstChild;
  else if (el.localName === 'slot') {
    try {
      const nodes = (el as HTMLSlotElement).assignedNodes ? (el as HTMLSlotElement).assignedNodes() : null;
      if (nodes && nodes.length) assigned = nodes;
    } catch {
      assigned = null;
    }
    if (!assigned) first = el.firstChild;
  } else first = el.firstChild;
  if (assigned) {
    for (let i = 0; i < assigned.length; i++) result += childText(assigned[i], el, selfHidden, ctx);
  } else {
    for (let c = first; c; c = c.nextSibling) result += childText(c, el, selfHidden, ctx);
  }
  // aria-owns makes the owned elements children of `el` in the accessibility tree (after its own).
  const owned = attr(el, 'aria-owns');
  if (owned) {
    const refs = idRefs(el, owned);
    for (let i = 0; i < refs.length; i++) result += childText(refs[i], el, selfHidden, ctx);
  }
  // 2F.iv: CSS generated content after.
  if (readPseudo) result += getPseudoContent(el, '::after');
  return result;
}

function childText(node: Node, parent: Element, parentVisibilityHidden: boolean, ctx: Ctx): string {
  if (node.nodeType === TEXT_NODE) {
    // 2G: text node (as rendered: text-transform applies, as in Chromium).
    if (parentVisibilityHidden) return '';
    const data = (node as Text).data;
    return /\S/.test(data) ? transformText(data, parent) : data;
  }
  if (!isElement(node)) return '';
  const child = node;
  // Line breaks and word-break opportunities separate words (Chromium inserts a space).
  if (child.localName === 'br' || child.localName === 'wbr') return ' ';
  // The control being named, inside its own label, adds nothing — but as an inline-block box it
  // still separates the words around it ("foo" <input> "baz" → "foo baz", as in Chromium).
  if (child === ctx.target) return isBlockDisplay(child) ? ' ' : '';
  if (SKIP_TAGS[child.localName] === true) return '';
  if (ctx.visited.has(child)) return '';
  // 2A: hidden descendants are skipped unless the traversal started hidden.
  if (!ctx.allowHidden) {
    if (attr(child, 'aria-hidden') === 'true') return '';
    if (isDisplayNone(child)) return '';
  }
  ctx.visited.add(child);
  const text = computeText(child, ctx, false);
  if (!text) return '';
  // Chromium separates block-level objects and text taken from attributes
  // (alt, aria-label, values: "Text<img alt=Alt>" → "Text Alt") by spaces.
  return !ctx.fromContent || isBlockDisplay(child) ? ' ' + text + ' ' : text;
}

/**
 * accname 1.2 §4.3.2 "compute the text alternative of the current node".
 * `isRefRoot` marks a node directly referenced by aria-labelledby or a <label>.
 */
function computeText(el: Element, ctx: Ctx, isRefRoot: boolean, knownRole?: string | null): string {
  const role = knownRole !== undefined ? knownRole : getRole(el);
  ctx.fromContent = false;
  // 2B: aria-labelledby (not while already following one).
  if (!ctx.inLabelledBy) {
    const refs = idRefs(el, attr(el, 'aria-labelledby'));
    if (refs.length) {
      const t = textOfRefs(refs, ctx, true);
      if (hasNameText(t)) return t;
    }
  }
  // 2C: a control embedded in the label of another widget (or referred to by its own aria-labelledby) gives its value.
  if (ctx.inContent && (el !== ctx.target || ctx.inLabelledBy)) {
    const embedded = embeddedControlText(el, role, ctx);
    if (embedded !== null) return embedded;
  }
  // 2D: aria-label (whitespace-only is ignored). A <slot> has no role to name: in content
  // it stands for the nodes slotted into it (Chromium ignores its aria-label there).
  const label = ctx.inContent && el.localName === 'slot' ? null : attr(el, 'aria-label');
  if (label !== null && label.trim()) return label;
  // 2E: host language label (presentational elements have none).
  if (role !== 'none') {
    const native = nativeText(el, role, ctx);
    // An empty native label ends the computation for the element being named, but a
    // descendant still falls back to its title (Chromium).
    if (native !== null && (hasNameText(native) || !ctx.inContent)) return native;
  }
  // 2F: name from content — for roles that allow it, for label/labelledby roots and
  // for descendants of a node whose name comes from content.
  const fromContent = ctx.inContent ? isRefRoot || contributesContent(el, role) : allowsNameFromContent(role);
  if (fromContent) {
    const t = contentText(el, childCtx(ctx));
    if (hasNameText(t)) {
      ctx.fromContent = true;
      return t;
    }
    // Whitespace alone still separates the words around it ("button<i><b> </b></i>label").
    if (t && ctx.inContent) {
      ctx.fromContent = true;
      return ' ';
    }
  }
  ctx.fromContent = false;
  // 2I: tooltip attribute (title); then placeholder for text fields (HTML-AAM). A
  // presentational element has no tooltip to offer (its semantics are gone, 2E).
  const title = role === 'none' ? null : attr(el, 'title');
  if (title !== null && title.trim()) return title;
  if (!ctx.inContent) {
    const placeholder = placeholderText(el, role);
    if (placeholder !== null) return placeholder;
    if (el.localName === 'input' && inputType(el) === 'file') {
      return el.hasAttribute('multiple') ? 'Choose Files' : 'Choose File';
    }
  }
  return '';
}

let spareVisited: Set<Node> | null = null;

/**
 * The accessible name, whitespace-normalized, not truncated. `role` defaults to getRole(el).
 * `known` (KNOWN_* flags): what the caller has read of the element already (the walk has its
 * visibility, display and aria-label(ledby) for every element it describes), so the computation
 * does not read them again.
 */
export function getAccessibleName(el: Element, role?: string | null, known = 0): string {
  const cache = ariaCaches();
  if (cache) {
    const hit = cache.name.get(el);
    if (hit !== undefined) return hit;
  }
  let name = '';
  try {
    if (isElement(el)) {
      const ownRole = role !== undefined ? role : getRole(el);
      const simple = simpleContentName(el, ownRole, known);
      if (simple !== null) name = simple;
      else {
        if (known) noteRendered(el, known);
        // One consulted-nodes set, emptied after each name (names do not nest: nothing here
        // calls back into getAccessibleName), not one per name.
        const visited = spareVisited ?? new Set<Node>();
        spareVisited = null;
        try {
          const ctx: Ctx = { target: el, visited, inLabelledBy: false, inContent: false, allowHidden: false };
          visited.add(el);
          name = cleanName(computeText(el, ctx, false, ownRole));
        } finally {
          visited.clear();
          spareVisited = visited;
        }
      }
    }
  } catch {
    name = '';
  }
  if (cache) cache.name.set(el, name);
  return name;
}

/** The accessible description: aria-describedby, aria-description, then an unused title. */
export function getAccessibleDescription(el: Element): string {
  try {
    const refs = idRefs(el, attr(el, 'aria-describedby'));
    if (refs.length) {
      const ctx: Ctx = { target: el, visited: new Set(), inLabelledBy: false, inContent: true, allowHidden: false };
      const t = cleanName(textOfRefs(refs, ctx, true));
      if (t) return t;
    }
    const description = attr(el, 'aria-description');
    if (description && description.trim()) return cleanName(description);
    const title = attr(el, 'title');
    if (title && title.trim()) {
      const t = cleanName(title);
      if (getAccessibleName(el) !== t) return t;
    }
  } catch {
    /* never throw */
  }
  return '';
}
