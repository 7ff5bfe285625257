// S10 LLM text rendering: one line per node, indented two spaces per level.
//   nv_k3x9a2 button "Add to cart" [disabled]
//   nv_1k9x2 textbox "Email" [value="a@b.c" required]
//   h2 "Shipping"
//   - list item text
//   plain text lines carry no id: only lines an agent can act on do.
import { wordList } from '../../semantics/element';
import { allowsNameFromContent } from '../../semantics/roles';
import { INPUT_FORMATS } from '../../dom/input-formats';
import type { PageBlocker, PageContext, SnapshotMeta, VirtualNode } from '../../types';
import type { BuildNode } from '../tree';
import { SUMMARY_TAG, HOVER_TAG, TEXT_TAG } from '../tree';
import { estimateTokens } from './tokens';
import { cardHeading } from './card-heading';

export interface TextOptions {
  /** Cut text lines longer than this (chars) with "…"; 0 = no cut beyond the 500-char snapshot cap. Default 200. */
  maxTextLength?: number;
  /** Show link targets. Default false (ids are enough to click; saves tokens). */
  includeHrefs?: boolean;
  /** Page header line. Default true. */
  header?: boolean;
  /**
   * For an iframe whose content this document cannot read (cross-origin): a line to put
   * under it. The extension's content script uses it to mark where the child frame's
   * own snapshot goes when the service worker assembles the whole tab.
   */
  frameSlot?: (iframe: VirtualNode) => string | undefined;
}

export const DEFAULT_TEXT_LENGTH = 200;
const MAX_OPTIONS_SHOWN = 8;
const MAX_VALUE_IN_TEXT = 200;

/** Containers whose own line adds nothing an item line does not already say. */
const ELIDED_ROLES = wordList('list separator');

export interface LineContext {
  /** Role of the parent node (list items render as "-" or "1."). */
  ordered: boolean;
  ordinal: number;
  maxTextLength: number;
  includeHrefs: boolean;
  /** Past the fold marker: every line is below the visible area, no per-line flag needed. */
  afterFold?: boolean;
  /** No viewport flags (offscreen / in-view): lines compared across scrolls (deltas, find). */
  neutral?: boolean;
}

const NEEDS_ESCAPE = /["\\\n]/;

function quote(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ') + '"';
}

function cut(s: string, max: number): string {
  if (!max || s.length <= max) return s;
  return s.slice(0, max - 1).trimEnd() + '…';
}

/** Whether the node gets a line of its own (false: children move up one level). */
export function hasOwnLine(vn: VirtualNode): boolean {
  if (vn.actionable || vn.name) return true;
  return !(vn.role && ELIDED_ROLES.has(vn.role));
}

/** Roles of inline text semantics: on a clickable they say less than "clickable" does. */
const TEXT_LEVEL_ROLES = wordList(
  'strong emphasis time code deletion insertion mark subscript superscript term definition',
);

/** The word a line starts with: the role (a heading's level), else what makes it a target, else the tag. */
export function label(vn: VirtualNode): string {
  if (vn.role === 'heading' && vn.level && vn.level <= 6) return 'h' + vn.level;
  if (vn.role && !(vn.actionable && TEXT_LEVEL_ROLES.has(vn.role))) return vn.role;
  // Chromium exposes an editing host without a role as generic; to a person it is a text field.
  if (vn.actionable)
    return vn.reason === 'contenteditable'
      ? 'textbox'
      : vn.reason === 'tabindex'
        ? 'focusable'
        : vn.reason === 'draggable'
          ? 'draggable'
          : 'clickable';
  return vn.tag;
}

/** `out` and a part joined by a space, what join(' ') of their list gives ('' adds nothing): no list per line. */
function add(out: string, part: string): string {
  return part === '' ? out : out === '' ? part : out + ' ' + part;
}

function attributes(vn: VirtualNode, ctx: LineContext): string {
  let out = '';
  if (vn.value !== undefined && vn.value !== '') out = 'value=' + quote(cut(vn.value, MAX_VALUE_IN_TEXT));
  const options = vn.options;
  if (options && options.length) {
    // The snapshot lists long selects up to a cap; optionsTotal counts them all.
    const total = vn.optionsTotal ?? options.length;
    const shown = options.slice(0, MAX_OPTIONS_SHOWN).map((o) => quote(cut(o, 40)));
    if (total > MAX_OPTIONS_SHOWN) shown.push(`+${total - MAX_OPTIONS_SHOWN} more`);
    out = add(out, 'options=[' + shown.join(', ') + ']');
  }
  if (vn.inputType && !IMPLIED_INPUT_TYPES.has(vn.inputType)) out = add(out, 'type=' + vn.inputType);
  if (vn.inputType && INPUT_FORMATS[vn.inputType] && vn.tag === 'input')
    out = add(out, 'format=' + INPUT_FORMATS[vn.inputType]);
  if (vn.tag === 'textarea') out = add(out, 'multiline');
  if (vn.role && ROLE_HIDES_TAG[vn.role] && ROLE_HIDES_TAG[vn.role] !== vn.tag && TAGS_THAT_MATTER.has(vn.tag))
    out = add(out, 'tag=' + vn.tag);
  if (vn.checked !== undefined)
    out = add(out, vn.checked === 'mixed' ? 'checked=mixed' : vn.checked ? 'checked' : 'unchecked');
  if (vn.pressed !== undefined)
    out = add(out, vn.pressed === 'mixed' ? 'pressed=mixed' : vn.pressed ? 'pressed' : 'not-pressed');
  if (vn.selected) out = add(out, 'selected');
  if (vn.expanded !== undefined) out = add(out, vn.expanded ? 'expanded' : 'collapsed');
  if (vn.disabled) out = add(out, 'disabled');
  if (vn.covered) out = add(out, 'covered by ' + vn.covered);
  if (vn.required) out = add(out, 'required');
  if (vn.readonly) out = add(out, 'readonly');
  if (vn.invalid) out = add(out, 'invalid');
  if (vn.focused) out = add(out, 'focused');
  if (vn.haspopup && vn.haspopup !== 'false') out = add(out, 'haspopup=' + vn.haspopup);
  if (vn.current && vn.current !== 'false') out = add(out, 'current=' + vn.current);
  if (vn.level && vn.role !== 'heading') out = add(out, 'level=' + vn.level);
  if (vn.valuenow !== undefined)
    out = add(
      out,
      'now=' +
        vn.valuenow +
        (vn.valuemin !== undefined || vn.valuemax !== undefined
          ? ` range=${vn.valuemin ?? ''}..${vn.valuemax ?? ''}`
          : ''),
    );
  if (vn.valuetext) out = add(out, 'valuetext=' + quote(vn.valuetext));
  if (vn.placeholder) out = add(out, 'placeholder=' + quote(cut(vn.placeholder, 60)));
  if (!vn.name && vn.hint) out = add(out, 'hint=' + quote(vn.hint));
  if (ctx.includeHrefs && vn.href) out = add(out, 'href=' + vn.href);
  if (vn.frameSrc !== undefined) out = add(out, 'src=' + cut(vn.frameSrc, 80));
  if (vn.crossOrigin) out = add(out, 'cross-origin');
  if (vn.closedShadowRoot) out = add(out, 'closed-shadow-root');
  if (vn.consequence) out = add(out, consequenceMarks(vn.consequence).join(' '));
  if (ctx.neutral) return out;
  if (vn.actionable && vn.role !== 'link' && vn.computed?.offscreen && !ctx.afterFold) out = add(out, 'offscreen');
  // Fixed banners and dialogs late in the document are on screen although below the marker.
  if (vn.actionable && ctx.afterFold && !vn.computed?.offscreen) out = add(out, 'in-view');
  return out;
}

/** S16 marks: new-tab, download[="file"], to=host, irreversible. */
export function consequenceMarks(c: NonNullable<VirtualNode['consequence']>): string[] {
  const out: string[] = [];
  if (c.newTab) out.push('new-tab');
  if (c.download !== undefined) out.push(c.download === true ? 'download' : 'download=' + quote(cut(c.download, 60)));
  if (c.host) out.push('to=' + c.host);
  if (c.irreversible) out.push('irreversible');
  return out;
}

/** Input types whose role already says what they are. */
const IMPLIED_INPUT_TYPES = wordList('text checkbox radio submit button reset search range number image');
/** The tag a role normally comes from; another tag behind the role is worth showing. */
const ROLE_HIDES_TAG: Record<string, string> = { button: 'button', link: 'a' };
const TAGS_THAT_MATTER = wordList('a button');

/** The budget's line cost (distill/budget.ts): tokens of a node's own line as the text renders it, 0 without one. */
export function lineCostFor(maxTextLength: number): (node: BuildNode) => number {
  const ctx: LineContext = { ordered: false, ordinal: 1, maxTextLength, includeHrefs: false };
  return (node) => (hasOwnLine(node.vn) ? estimateTokens(formatLine(node, ctx)) : 0);
}

/** One line (without indentation) for a node. */

export function formatLine(node: BuildNode, ctx: LineContext): string {
  const vn = node.vn;
  if (vn.tag === TEXT_TAG) return textRun(vn, ctx.maxTextLength);
  if (vn.tag === SUMMARY_TAG) return '… ' + (vn.text ?? '');
  if (vn.tag === HOVER_TAG) return vn.text ?? '';
  const text = vn.text ? cut(vn.text, ctx.maxTextLength) : '';
  if (vn.role === 'listitem' && !vn.actionable) {
    const bullet = ctx.ordered ? ctx.ordinal + '.' : '-';
    const attrs = attributes(vn, ctx);
    return (
      bullet + (vn.name ? ' ' + quote(vn.name) : '') + (attrs ? ' [' + attrs + ']' : '') + (text ? ' ' + text : '')
    );
  }
  let line = vn.actionable ? vn.node_id + ' ' + label(vn) : label(vn);
  if (vn.name) line += ' ' + quote(vn.name);
  const attrs = attributes(vn, ctx);
  if (attrs) line += ' [' + attrs + ']';
  // A named control's content text is noise next to its name (an icon glyph, a repeat):
  // for roles named from their content (accname 2F: button, link, tab…) and bare targets.
  // A focusable tabpanel, region or dialog named by its author holds content of its own
  // (Radix and APG tab panels carry tabindex=0): that text is what the agent came to read.
  // A glyph ("⋯", "×") next to a hint says nothing more.
  // An editor's content is its value, shown as value="…".
  const contentIsName =
    vn.actionable && !!vn.name && (!vn.role || allowsNameFromContent(vn.role) || vn.value !== undefined);
  if (text && text !== vn.name && !contentIsName && !(vn.hint && !/[\p{L}\p{N}]/u.test(text))) line += ': ' + text;
  return line;
}

export interface TextDocument {
  context: PageContext;
  roots: BuildNode[];
  meta: SnapshotMeta;
  omittedNotes: string[];
}

/** Two spaces per level, each depth's string made once (every line asks for one). */
const INDENTS: string[] = [''];
const indent = (depth: number): string => (INDENTS[depth] ??= '  '.repeat(depth));

export function renderText(doc: TextDocument, options: TextOptions = {}): string {
  const lines: string[] = [];
  if (options.header !== false) {
    lines.push(headerLine(doc.context));
    if (doc.context.blocker) lines.push(blockerLine(doc.context.blocker));
  }
  const maxTextLength = options.maxTextLength ?? DEFAULT_TEXT_LENGTH;
  const includeHrefs = !!options.includeHrefs;
  const fold = doc.context.viewport.height;
  let foldMarked = false;
  type Item = { node: BuildNode; depth: number; ordered: boolean; ordinal: number; run?: BuildNode[] };
  const stack: Item[] = [];
  const pushList = (list: BuildNode[] | undefined, depth: number, parent: BuildNode | null) => {
    if (!list || !list.length) return;
    const ordered = !!parent && parent.vn.tag === 'ol';
    const items: Item[] = [];
    for (let i = 0; i < list.length; i++) {
      const run = inlineRunAt(list, i);
      if (run) {
        items.push({ node: list[i], depth, ordered, ordinal: i + 1, run });
        i += run.length - 1;
      } else {
        items.push({ node: list[i], depth, ordered, ordinal: i + 1 });
      }
    }
    for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
  };
  // The <body> line says nothing; its content starts at depth 0.
  for (let r = doc.roots.length - 1; r >= 0; r--) {
    const root = doc.roots[r];
    if (root.vn.tag === 'body' && !root.vn.actionable) {
      pushList(root.frame, 0, root);
      pushList(root.children, 0, root);
      pushList(root.shadow, 0, root);
    } else pushList([root], 0, null);
  }
  const ctx: LineContext = { ordered: false, ordinal: 1, maxTextLength, includeHrefs };
  // Headings moved up onto their clickable card's line (render/card-heading.ts).
  const hoisted = new Set<BuildNode>();
  const ownLine = (n: BuildNode) => hasOwnLine(n.vn);
  while (stack.length) {
    const item = stack.pop()!;
    const { node, depth } = item;
    if (hoisted.has(node)) continue;
    // One marker where content moves below the visible area, instead of a flag per line.
    if (!foldMarked && fold > 0 && node.top >= fold && (node.vn.actionable || item.run || node.vn.role === 'heading')) {
      foldMarked = true;
      ctx.afterFold = true;
      lines.push(indent(depth) + '# below the visible area (actions scroll to their target)');
    }
    if (item.run) {
      lines.push(indent(depth) + formatInlineRun(item.run, maxTextLength));
      continue;
    }
    const own = hasOwnLine(node.vn);
    if (own) {
      ctx.ordered = item.ordered;
      ctx.ordinal = item.ordinal;
      const compact = compactLine(node, ctx);
      if (compact) {
        lines.push(indent(depth) + compact.line);
        if (compact.rest.length) pushList(compact.rest, depth + 1, node);
        continue;
      }
      const heading = cardHeading(node, ownLine);
      if (heading) hoisted.add(heading);
      lines.push(indent(depth) + formatLine(node, ctx) + (heading ? ': ' + formatLine(heading, ctx) : ''));
      if (node.vn.crossOrigin && options.frameSlot) {
        const slot = options.frameSlot(node.vn);
        if (slot) lines.push(indent(depth + 1) + slot);
      }
    }
    const childDepth = own ? depth + 1 : depth;
    // Pushed in reverse of display order: frame content, light children, shadow content.
    pushList(node.frame, childDepth, node);
    pushList(node.children, childDepth, node);
    pushList(node.shadow, childDepth, node);
  }
  if (doc.meta.truncated) {
    lines.push(
      '# truncated: ' +
        (doc.omittedNotes.length ? doc.omittedNotes.join('; ') : (doc.meta.truncation ?? []).join('; ')),
    );
  }
  return lines.join('\n');
}

const CELL_ROLES = wordList('cell gridcell columnheader rowheader');
const ITEM_ROLES = wordList('listitem cell gridcell columnheader rowheader heading paragraph caption term definition');

/**
 * Item-like nodes whose whole content is text and plain links fit on their own line
 * ("- [Docs](nv_a1)"), and table rows of such cells become one line ("row: Name | [Edit](nv_b2)").
 */
function compactLine(node: BuildNode, ctx: LineContext): { line: string; rest: BuildNode[] } | null {
  const vn = node.vn;
  if (vn.actionable || node.shadow || node.frame || !node.children.length) return null;
  if (vn.role === 'row') {
    const cells: string[] = [];
    for (let i = 0; i < node.children.length; i++) {
      const cell = node.children[i];
      if (!CELL_ROLES.has(cell.vn.role ?? '') || cell.vn.actionable || cell.shadow || cell.frame) return null;
      const own = cell.vn.text ? cut(cell.vn.text, ctx.maxTextLength) : '';
      const inner = cell.children.length
        ? (inlineContent(cell.children, ctx.maxTextLength) ?? leafControls(cell.children, ctx))
        : '';
      if (inner === null) return null;
      cells.push(own && inner ? own + ' ' + inner : own || inner);
    }
    return { line: 'row: ' + cells.join(' | '), rest: [] };
  }
  if (!ITEM_ROLES.has(vn.role ?? '')) return null;
  const titled = headingFirst(node, ctx);
  if (titled) return titled;
  // The leading text and plain links join the item's own line; the rest nests below it.
  let prefix = 0;
  while (
    prefix < node.children.length &&
    (node.children[prefix].vn.tag === TEXT_TAG || isInlineLink(node.children[prefix]))
  )
    prefix++;
  if (!prefix) return null;
  const inner = formatInlineRun(node.children.slice(0, prefix), ctx.maxTextLength);
  // A heading whose text is a link says its name once: h3 [Tent 3P](nv_7lrb).
  const base =
    vn.name && inner.includes(vn.name)
      ? formatLine({ ...node, vn: { ...vn, name: undefined } }, ctx)
      : formatLine(node, ctx);
  const sep = vn.role === 'listitem' || vn.text || vn.name ? ' ' : ': ';
  return { line: base + sep + inner, rest: node.children.slice(prefix) };
}

/**
 * A list item with nothing of its own that starts with a one-line heading (a card's title)
 * takes it on its bullet line: "- h3 [Tent 3P](nv_7lrb)", not a bare "-" above it.
 */
function headingFirst(node: BuildNode, ctx: LineContext): { line: string; rest: BuildNode[] } | null {
  const vn = node.vn;
  const first = node.children[0];
  if (vn.role !== 'listitem' || vn.name || vn.text || first.vn.role !== 'heading' || first.vn.actionable) return null;
  if (first.shadow || first.frame) return null;
  const heading = first.children.length ? compactLine(first, ctx) : { line: formatLine(first, ctx), rest: [] };
  if (!heading || heading.rest.length) return null;
  return { line: formatLine(node, ctx) + ' ' + heading.line, rest: node.children.slice(1) };
}

/** Up to two childless controls (a row checkbox, an actions button) side by side, or null. */
function leafControls(children: BuildNode[], ctx: LineContext): string | null {
  if (children.length > 2) return null;
  const parts: string[] = [];
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c.children.length || c.shadow || c.frame) return null;
    if (c.vn.tag === TEXT_TAG || isInlineLink(c)) parts.push(formatInlineRun([c], ctx.maxTextLength));
    else if (c.vn.actionable) parts.push(formatLine(c, ctx));
    else return null;
  }
  return parts.join(' ');
}

/** The children as one inline string (text and plain links only), or null. */
function inlineContent(children: BuildNode[], maxTextLength: number): string | null {
  if (children.length === 1 && isInlineLink(children[0])) return formatInlineRun(children, maxTextLength);
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c.vn.tag !== TEXT_TAG && !isInlineLink(c)) return null;
  }
  return formatInlineRun(children, maxTextLength);
}

/** A link that reads as part of the sentence around it: named, no children, no states. */
function isInlineLink(node: BuildNode): boolean {
  const vn = node.vn;
  if (vn.role !== 'link' || !vn.actionable || !vn.name || node.children.length || node.shadow || node.frame)
    return false;
  return (
    vn.expanded === undefined &&
    vn.pressed === undefined &&
    !vn.disabled &&
    (!vn.current || vn.current === 'false') &&
    !vn.haspopup
  );
}

/**
 * Text runs and plain links of one block flow render as one markdown-like line:
 * "Paris is the capital of [France](nv_k3x9)." — far fewer tokens than a line per
 * fragment, and the reading order is kept. Returns the run starting at `start`, if any.
 */
function inlineRunAt(list: BuildNode[], start: number): BuildNode[] | null {
  const first = list[start];
  const key = flowKey(first);
  if (key === undefined) return null;
  let end = start + 1;
  while (end < list.length && flowKey(list[end]) === key) end++;
  if (end - start < 2) return null;
  let hasText = false;
  for (let i = start; i < end; i++) if (list[i].vn.tag === TEXT_TAG) hasText = true;
  return hasText ? list.slice(start, end) : null;
}

function flowKey(node: BuildNode): number | undefined {
  if (node.vn.tag === TEXT_TAG) return node.block;
  return isInlineLink(node) ? node.flowBlock : undefined;
}

/** A part that starts with , . ; : ! ? or ) follows the one before it without a space. */
const CLOSES = /^[,.;:!?)]/;

function formatInlineRun(run: BuildNode[], maxTextLength: number): string {
  let line = '';
  for (let i = 0; i < run.length; i++) {
    const vn = run[i].vn;
    const part = vn.tag === TEXT_TAG ? textRun(vn, maxTextLength) : inlineLink(vn);
    line += line && !CLOSES.test(part) ? ' ' + part : part;
  }
  return line;
}

/** "[France](nv_k3x9)": a link inside a sentence. */
function inlineLink(vn: VirtualNode): string {
  const marks = vn.consequence ? consequenceMarks(vn.consequence) : [];
  // A link in a sentence carries the marks an action depends on, like a line does.
  if (vn.covered) marks.unshift('covered by ' + vn.covered);
  const target = marks.length ? vn.node_id + ' ' + marks.join(' ') : vn.node_id;
  return '[' + vn.name!.replace(/[[\]]/g, ' ').trim() + '](' + target + ')';
}

/** A text run; hidden text (only with includeHiddenText) says it is hidden and why. */
function textRun(vn: VirtualNode, max: number): string {
  const text = cut(vn.text ?? '', max);
  return vn.hidden ? `[hidden: ${vn.hidden}] ${text}` : text;
}

/** S16: one line saying what blocks the page and that a person is needed. */
export function blockerLine(b: PageBlocker): string {
  if (b.kind === 'captcha')
    return `# blocked: CAPTCHA${b.vendor ? ' (' + b.vendor + ')' : ''}: a person must solve it; ask the user, then continue`;
  if (b.kind === 'login')
    return '# blocked: sign-in wall: the page asks to sign in before it shows its content; a person must sign in';
  return '# blocked: cookie wall: the page stays hidden until cookies are accepted or refused; a person should choose';
}

function headerLine(ctx: PageContext): string {
  const vp = ctx.viewport;
  const sc = ctx.scroll;
  return `# page ${quote(ctx.title)} ${ctx.url} | viewport ${vp.width}x${vp.height} scroll ${Math.round(sc.x)},${Math.round(sc.y)} of ${Math.round(sc.width)}x${Math.round(sc.height)}`;
}
