// Role classification (S4): explicit `role` parsing per WAI-ARIA 1.2 §7.1 and
// implicit roles per HTML-AAM, tuned to what Chromium exposes where the two
// differ (documented inline). Cross-realm safe: localName/nodeType only.
import { isElement, parentElementOrHost } from '../dom/dom-utils';
import { ariaCaches, type AriaCaches } from '../dom/caches';
import { attr, inputType, isHtml, wordSet } from './element';
import { isFirstSummary, isFocusable } from './focus';

// Concrete (non-abstract) WAI-ARIA 1.2 roles plus the ARIA 1.3 / DPUB-free additions
// Chromium understands. Abstract roles (command, widget, landmark, …) are invalid.
const VALID_ROLES = wordSet(
  'alert alertdialog application article banner blockquote button caption cell checkbox code columnheader ' +
    'combobox comment complementary contentinfo definition deletion dialog directory document emphasis feed ' +
    'figure form generic grid gridcell group heading img image insertion link list listbox listitem log main mark ' +
    'marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option ' +
    'paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search ' +
    'searchbox sectionfooter sectionheader separator slider spinbutton status strong subscript suggestion ' +
    'superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem',
);

// WAI-ARIA 1.2 §6.4.1 global states and properties (those still global in 1.2).
const GLOBAL_ARIA = [
  'aria-atomic',
  'aria-busy',
  'aria-controls',
  'aria-current',
  'aria-describedby',
  'aria-description',
  'aria-details',
  'aria-dropeffect',
  'aria-flowto',
  'aria-grabbed',
  'aria-hidden',
  'aria-keyshortcuts',
  'aria-label',
  'aria-labelledby',
  'aria-live',
  'aria-owns',
  'aria-relevant',
  'aria-roledescription',
];

const INTERACTIVE_ROLES = wordSet(
  'button link checkbox radio textbox searchbox combobox listbox option menuitem menuitemcheckbox ' +
    'menuitemradio tab switch slider spinbutton treeitem gridcell scrollbar',
);

// accname 1.2 "name from: contents" roles (WAI-ARIA 1.2 §5.2.8.4), plus the HTML roles
// Chromium also names from content (term = <dt>/<dfn>, option, summary mapped to button).
const NAME_FROM_CONTENT_ROLES = wordSet(
  'button cell checkbox columnheader comment gridcell heading link menuitem menuitemcheckbox menuitemradio ' +
    'option radio rowheader sectionhead suggestion switch tab term tooltip treeitem',
);

const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** Parses a role attribute value: the first valid token (WAI-ARIA 1.2 §7.1), lower-cased. */
function firstValidRoleToken(value: string): string | null {
  const tokens = value.split(/[\t\n\f\r ]+/);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i].toLowerCase();
    if (token && VALID_ROLES[token] === true) return token === 'image' ? 'img' : token;
  }
  return null;
}

/** True if the element carries any global aria-* attribute (presentational-role conflict rule). */
export function hasGlobalAriaAttribute(el: Element): boolean {
  for (let i = 0; i < GLOBAL_ARIA.length; i++) if (el.hasAttribute(GLOBAL_ARIA[i])) return true;
  return false;
}

/**
 * The explicit role: the first valid (known, non-abstract) token of `role`.
 * `presentation` is reported as `none`. `none` is ignored (null) when the element is
 * focusable or has a global aria-* attribute (WAI-ARIA 1.2 §9.1 presentational conflict).
 */
export function getExplicitRole(el: Element): string | null {
  return explicitRoleOf(el, attr(el, 'role'));
}

/** getExplicitRole for the role attribute's value `value`, read by the caller. */
function explicitRoleOf(el: Element, value: string | null): string | null {
  try {
    if (!value) return null;
    let role = firstValidRoleToken(value);
    if (role === 'presentation') role = 'none';
    if (role === 'none' && (isFocusable(el) || hasGlobalAriaAttribute(el))) return null;
    // Chromium: a region needs a name to be a landmark; otherwise it is generic.
    if ((role === 'region' || role === 'form') && !hasAuthorName(el)) return null;
    // Chromium: these roles fall back to generic outside their required context.
    if (role && REQUIRED_CONTEXT[role] && !hasRequiredContext(el, REQUIRED_CONTEXT[role])) return null;
    return role;
  } catch {
    return null;
  }
}

// WAI-ARIA 1.2 "required context role" that Chromium enforces (the nearest ancestor
// with a role must be one of these; role-less wrappers are skipped).
const REQUIRED_CONTEXT: Record<string, string> = { __proto__: null } as unknown as Record<string, string>;
REQUIRED_CONTEXT.listitem = ' list directory group ';
REQUIRED_CONTEXT.option = ' listbox combobox group ';
REQUIRED_CONTEXT.treeitem = ' tree group ';

function hasRequiredContext(el: Element, allowed: string): boolean {
  let p = parentElementOrHost(el);
  for (let i = 0; p && i < 32; i++, p = parentElementOrHost(p)) {
    const role = getRole(p);
    if (role === null || role === 'none') continue;
    return allowed.indexOf(' ' + role + ' ') >= 0;
  }
  return false;
}

// Header/footer are landmarks only outside sectioning content (HTML-AAM).
// Chromium then exposes them as sectionheader/sectionfooter; we report no role.
const SECTIONING_TAGS = wordSet('article aside main nav section');
const SECTIONING_ROLES = wordSet('article complementary main navigation region');

function insideSectioning(el: Element): boolean {
  for (let p = parentElementOrHost(el); p; p = parentElementOrHost(p)) {
    const role = attr(p, 'role');
    if (role) {
      const r = firstValidRoleToken(role);
      if (r && SECTIONING_ROLES[r] === true) return true;
      if (r) continue;
    }
    if (isHtml(p) && SECTIONING_TAGS[p.localName] === true) return true;
  }
  return false;
}

function hasAuthorName(el: Element): boolean {
  const label = attr(el, 'aria-label');
  if (label && label.trim()) return true;
  const by = attr(el, 'aria-labelledby');
  if (by && by.trim()) return true;
  const title = attr(el, 'title');
  return !!(title && title.trim());
}

function closestTable(el: Element): Element | null {
  for (let p = el.parentElement; p; p = p.parentElement) if (p.localName === 'table') return p;
  return null;
}

function inputRole(el: Element): string | null {
  const type = inputType(el);
  switch (type) {
    case 'hidden':
      return null;
    case 'button':
    case 'image':
    case 'reset':
    case 'submit':
    case 'file': // HTML-AAM has no role; Chromium exposes a button ("Choose File").
    case 'color': // Chromium: ColorWell, rendered and operated as a button.
      return 'button';
    case 'checkbox':
      return attr(el, 'switch') !== null ? 'switch' : 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
    case 'email':
    case 'tel':
    case 'text':
    case 'url': {
      if (el.hasAttribute('list')) return 'combobox';
      return type === 'search' ? 'searchbox' : 'textbox';
    }
    // date/time/month/week/datetime-local: Chromium exposes Date/InputTime/DateTime;
    // for an agent they are text entry fields. password and unknown types: textbox.
    default:
      return 'textbox';
  }
}

function thRole(el: Element): string | null {
  const scope = (attr(el, 'scope') || '').toLowerCase();
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  // Chromium heuristic: a th next to a data cell in its row heads that row.
  const prev = el.previousElementSibling;
  const next = el.nextElementSibling;
  if ((prev && prev.localName === 'td') || (next && next.localName === 'td')) {
    const table = closestTable(el);
    const parent = el.parentElement;
    // In a header row (inside thead) it is still a column header.
    if (!(parent && parent.parentElement && parent.parentElement.localName === 'thead') || !table) return 'rowheader';
  }
  return 'columnheader';
}

function gridContext(el: Element): boolean {
  const table = closestTable(el);
  if (!table) return false;
  // The table's role is cached in a snapshot: every cell of a table asks it. Only an explicit
  // role makes a table a grid (its implicit role is table).
  const role = getRole(table);
  return role === 'grid' || role === 'treegrid';
}

/**
 * HTML tags whose implicit role never depends on attributes or context (HTML-AAM, as
 * Chromium exposes it), as `role:tag tag …` groups. HTML-AAM has form only with a name;
 * Chromium exposes every <form> as form.
 */
const FIXED_ROLES = roleTable(
  'group:address,details,fieldset,optgroup article:article complementary:aside blockquote:blockquote ' +
    'button:button caption:caption code:code listbox:datalist definition:dd deletion:del,s term:dfn,dt ' +
    'dialog:dialog emphasis:em figure:figure form:form heading:h1,h2,h3,h4,h5,h6 separator:hr ' +
    'document:html insertion:ins listitem:li main:main mark:mark math:math list:menu,ol,ul meter:meter ' +
    'navigation:nav option:option status:output paragraph:p progressbar:progress search:search ' +
    'strong:strong subscript:sub superscript:sup table:table rowgroup:tbody,tfoot,thead textbox:textarea ' +
    'time:time row:tr',
);

/** tag → role from `role:tag,tag …` words (no Map at load, R1). */
function roleTable(spec: string): Record<string, string> {
  const table = { __proto__: null } as unknown as Record<string, string>;
  const groups = spec.split(' ');
  for (let i = 0; i < groups.length; i++) {
    const colon = groups[i].indexOf(':');
    const tags = groups[i].slice(colon + 1).split(',');
    for (let j = 0; j < tags.length; j++) table[tags[j]] = groups[i].slice(0, colon);
  }
  return table;
}

function htmlImplicitRole(el: Element): string | null {
  const tag = el.localName;
  // One lookup for the many fixed roles; the few that depend on something are asked below.
  const fixed = FIXED_ROLES[tag];
  if (fixed !== undefined) return fixed;
  switch (tag) {
    case 'a':
    case 'area':
      return el.hasAttribute('href') ? 'link' : null;
    case 'footer':
      return insideSectioning(el) ? null : 'contentinfo';
    case 'header':
      return insideSectioning(el) ? null : 'banner';
    case 'img': {
      const alt = attr(el, 'alt');
      if (alt === '' && !hasAuthorName(el) && !isFocusable(el) && !hasGlobalAriaAttribute(el)) return 'none';
      return 'img';
    }
    case 'input':
      return inputRole(el);
    case 'section':
      return hasAuthorName(el) ? 'region' : null;
    case 'select': {
      const size = Number(attr(el, 'size'));
      return el.hasAttribute('multiple') || size > 1 ? 'listbox' : 'combobox';
    }
    case 'summary':
      // Chromium: DisclosureTriangle; a button that toggles its <details> (expanded state).
      return isFirstSummary(el) ? 'button' : null;
    case 'td':
      return gridContext(el) ? 'gridcell' : 'cell';
    case 'th':
      return thRole(el);
  }
  return null;
}

// Elements whose implicit role is dropped when the owning structure is presentational
// (WAI-ARIA 1.2 §9.1: required owned elements inherit none/presentation).
const PRESENTATIONAL_PARENTS: Record<string, Record<string, true>> = { __proto__: null } as unknown as Record<
  string,
  Record<string, true>
>;
PRESENTATIONAL_PARENTS.li = wordSet('ol ul menu');
PRESENTATIONAL_PARENTS.dt = PRESENTATIONAL_PARENTS.dd = wordSet('dl div');
PRESENTATIONAL_PARENTS.tr = wordSet('table thead tbody tfoot');
PRESENTATIONAL_PARENTS.td = PRESENTATIONAL_PARENTS.th = wordSet('tr');
PRESENTATIONAL_PARENTS.thead = PRESENTATIONAL_PARENTS.tbody = PRESENTATIONAL_PARENTS.tfoot = wordSet('table');

/**
 * The owning structure's role is none: declared on it, or inherited by it in turn (a cell of a
 * row of a presentational table). Asked through the owner's role, which a snapshot caches: the
 * cells of a row, the items of a list share it instead of each climbing to the table.
 */
function inheritsPresentation(el: Element): boolean {
  const parents = PRESENTATIONAL_PARENTS[el.localName];
  const parent = el.parentElement;
  if (!parents || !parent || parents[parent.localName] !== true) return false;
  return getRole(parent) === 'none';
}

/**
 * An <svg> drawn as a widget or holding widgets: a descendant with an interactive role
 * or a tab stop (`<g role="slider" tabindex="0">`). Such an svg is walked into like any
 * container; every other svg is an image whose insides are drawing, not content.
 */
export function svgHoldsWidgets(svg: Element): boolean {
  if (svg.localName !== 'svg') return false;
  const found = svg.querySelectorAll('[role],[tabindex]');
  for (let i = 0; i < found.length; i++) {
    const el = found[i];
    const tabindex = el.getAttribute('tabindex');
    if (tabindex !== null && Number(tabindex) >= 0) return true;
    const role = (el.getAttribute('role') ?? '').trim().toLowerCase().split(' ')[0];
    if (isInteractiveRole(role)) return true;
  }
  return false;
}

/** The implicit (native) role per HTML-AAM / SVG-AAM, as Chromium exposes it. */
export function getImplicitRole(el: Element): string | null {
  try {
    if (!isElement(el)) return null;
    if (isHtml(el)) {
      const role = htmlImplicitRole(el);
      if (role && PRESENTATIONAL_PARENTS[el.localName] && inheritsPresentation(el)) return 'none';
      return role;
    }
    if (el.namespaceURI === SVG_NS) {
      // SVG-AAM: the root <svg> is graphics-document; Chromium reports it as an image,
      // unless it holds widgets (a star rating of <g role=radio>, a drawn slider): then it
      // is their container, and an image's children would be presentational.
      if (el.localName === 'svg') return svgHoldsWidgets(el) ? null : 'img';
      if (el.localName === 'a' && (el.hasAttribute('href') || el.hasAttribute('xlink:href'))) return 'link';
      return null;
    }
    if (el.namespaceURI === MATHML_NS && el.localName === 'math') return 'math';
    return null;
  } catch {
    return null;
  }
}

/** explicit ?? implicit; null means generic / no role. Cached inside a snapshot. */
export function getRole(el: Element): string | null {
  const cache = ariaCaches();
  if (cache) {
    const hit = cache.role.get(el);
    if (hit !== undefined) return hit;
  }
  return computeRole(el, attr(el, 'role'), cache);
}

/**
 * getRole for a caller that has read the role attribute already (`roleAttribute`, null
 * when there is none): the walk's attribute scan saw every attribute of the element.
 */
export function roleWith(el: Element, roleAttribute: string | null): string | null {
  const cache = ariaCaches();
  if (cache) {
    const hit = cache.role.get(el);
    if (hit !== undefined) return hit;
  }
  return computeRole(el, roleAttribute, cache);
}

function computeRole(el: Element, roleAttribute: string | null, cache: AriaCaches | undefined): string | null {
  let role: string | null = null;
  try {
    role = explicitRoleOf(el, roleAttribute);
    if (role === null) role = getImplicitRole(el);
    if (role === 'generic') role = null;
  } catch {
    role = null;
  }
  if (cache) cache.role.set(el, role);
  return role;
}

/** Tags with an implicit role (htmlImplicitRole's cases; svg/math for other namespaces). */
const TAGS_WITH_ROLE = wordSet(
  'a area address article aside blockquote button caption code datalist dd del s details dfn dt dialog em fieldset ' +
    'figure footer form h1 h2 h3 h4 h5 h6 header hr html img input ins li main mark math menu ol ul meter nav optgroup ' +
    'option output p progress search section select strong sub summary sup table tbody tfoot thead td textarea th time tr svg',
);

/**
 * False only when getRole is certainly null: no role attribute and a tag without an
 * implicit role. Lets a walk over every element skip the lookup with the same answer.
 */
export function mayHaveRole(tag: string, hasRoleAttribute: boolean): boolean {
  return hasRoleAttribute || TAGS_WITH_ROLE[tag] === true;
}

export function isInteractiveRole(role: string | null): boolean {
  return !!role && INTERACTIVE_ROLES[role] === true;
}

/** Roles whose accessible name is computed from their content (accname 1.2 step 2F). */
export function allowsNameFromContent(role: string | null): boolean {
  return !!role && NAME_FROM_CONTENT_ROLES[role] === true;
}
