// S10 LLM text rendering: one line per node, indented two spaces per level.
//   nv_k3x9a2 button "Add to cart" [disabled]
//   nv_1k9x2 textbox "Email" [value="a@b.c" required]
//   h2 "Shipping"
//   - list item text
//   plain text lines carry no id: only lines an agent can act on do.
import type { PageContext, SnapshotMeta, VirtualNode } from '../../types';
import type { BuildNode } from '../tree';
import { TEXT_TAG } from '../tree';

export interface TextOptions {
  /** Cut text lines longer than this (chars) with "…"; 0 = no cut beyond the 500-char snapshot cap. Default 200. */
  maxTextLength?: number;
  /** Show link targets. Default false (ids are enough to click; saves tokens). */
  includeHrefs?: boolean;
  /** Page header line. Default true. */
  header?: boolean;
}

export const DEFAULT_TEXT_LENGTH = 200;
const MAX_OPTIONS_SHOWN = 8;
const MAX_VALUE_IN_TEXT = 200;

/** Containers whose own line adds nothing an item line does not already say. */
const ELIDED_ROLES = new Set(['list', 'separator']);

export interface LineContext {
  /** Role of the parent node (list items render as "-" or "1."). */
  ordered: boolean;
  ordinal: number;
  maxTextLength: number;
  includeHrefs: boolean;
}

function quote(s: string): string {
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

function label(vn: VirtualNode): string {
  if (vn.role === 'heading' && vn.level && vn.level <= 6) return 'h' + vn.level;
  if (vn.role) return vn.role;
  if (vn.actionable) return vn.reason === 'tabindex' ? 'focusable' : 'clickable';
  return vn.tag;
}

function attributes(vn: VirtualNode, ctx: LineContext): string[] {
  const out: string[] = [];
  if (vn.value !== undefined && vn.value !== '') out.push('value=' + quote(cut(vn.value, MAX_VALUE_IN_TEXT)));
  const options = (vn as VirtualNode & { options?: string[] }).options;
  if (options && options.length) {
    const shown = options.slice(0, MAX_OPTIONS_SHOWN).map((o) => quote(cut(o, 40)));
    if (options.length > MAX_OPTIONS_SHOWN) shown.push(`+${options.length - MAX_OPTIONS_SHOWN} more`);
    out.push('options=[' + shown.join(', ') + ']');
  }
  if (vn.inputType && !IMPLIED_INPUT_TYPES.has(vn.inputType)) out.push('type=' + vn.inputType);
  if (vn.tag === 'textarea') out.push('multiline');
  if (vn.role && ROLE_HIDES_TAG[vn.role] && ROLE_HIDES_TAG[vn.role] !== vn.tag && TAGS_THAT_MATTER.has(vn.tag)) out.push('tag=' + vn.tag);
  if (vn.checked !== undefined) out.push(vn.checked === 'mixed' ? 'checked=mixed' : vn.checked ? 'checked' : 'unchecked');
  if (vn.pressed !== undefined) out.push(vn.pressed === 'mixed' ? 'pressed=mixed' : vn.pressed ? 'pressed' : 'not-pressed');
  if (vn.selected) out.push('selected');
  if (vn.expanded !== undefined) out.push(vn.expanded ? 'expanded' : 'collapsed');
  if (vn.disabled) out.push('disabled');
  if (vn.required) out.push('required');
  if (vn.readonly) out.push('readonly');
  if (vn.invalid) out.push('invalid');
  if (vn.focused) out.push('focused');
  if (vn.haspopup && vn.haspopup !== 'false') out.push('haspopup=' + vn.haspopup);
  if (vn.current && vn.current !== 'false') out.push('current=' + vn.current);
  if (vn.level && vn.role !== 'heading') out.push('level=' + vn.level);
  if (vn.valuenow !== undefined) out.push('now=' + vn.valuenow + (vn.valuemin !== undefined || vn.valuemax !== undefined ? ` range=${vn.valuemin ?? ''}..${vn.valuemax ?? ''}` : ''));
  if (vn.valuetext) out.push('valuetext=' + quote(vn.valuetext));
  if (vn.placeholder) out.push('placeholder=' + quote(cut(vn.placeholder, 60)));
  if (!vn.name && !vn.text && vn.hint) out.push('hint=' + quote(vn.hint));
  if (ctx.includeHrefs && vn.href) out.push('href=' + vn.href);
  if (vn.frameSrc !== undefined) out.push('src=' + cut(vn.frameSrc, 80));
  if (vn.crossOrigin) out.push('cross-origin');
  if (vn.closedShadowRoot) out.push('closed-shadow-root');
  if (vn.actionable && vn.computed?.offscreen) out.push('offscreen');
  return out;
}

/** Input types whose role already says what they are. */
const IMPLIED_INPUT_TYPES = new Set(['text', 'checkbox', 'radio', 'submit', 'button', 'reset', 'search', 'range', 'number', 'image']);
/** The tag a role normally comes from; another tag behind the role is worth showing. */
const ROLE_HIDES_TAG: Record<string, string> = { button: 'button', link: 'a' };
const TAGS_THAT_MATTER = new Set(['a', 'button']);

/** One line (without indentation) for a node. */
export function formatLine(node: BuildNode, ctx: LineContext): string {
  const vn = node.vn;
  if (vn.tag === TEXT_TAG) return cut(vn.text ?? '', ctx.maxTextLength);
  if (vn.tag === 'summary') return '… ' + (vn.text ?? '');
  const text = vn.text ? cut(vn.text, ctx.maxTextLength) : '';
  if (vn.role === 'listitem' && !vn.actionable) {
    const bullet = ctx.ordered ? ctx.ordinal + '.' : '-';
    const attrs = attributes(vn, ctx);
    return bullet + (vn.name ? ' ' + quote(vn.name) : '') + (attrs.length ? ' [' + attrs.join(' ') + ']' : '') + (text ? ' ' + text : '');
  }
  let line = vn.actionable ? vn.node_id + ' ' + label(vn) : label(vn);
  if (vn.name) line += ' ' + quote(vn.name);
  const attrs = attributes(vn, ctx);
  if (attrs.length) line += ' [' + attrs.join(' ') + ']';
  // A named control's content text is noise next to its name (an icon glyph, a repeat).
  if (text && text !== vn.name && !(vn.actionable && vn.name)) line += ': ' + text;
  return line;
}

export interface TextDocument {
  context: PageContext;
  roots: BuildNode[];
  meta: SnapshotMeta;
  omittedNotes: string[];
}

export function renderText(doc: TextDocument, options: TextOptions = {}): string {
  const lines: string[] = [];
  if (options.header !== false) lines.push(headerLine(doc.context));
  const maxTextLength = options.maxTextLength ?? DEFAULT_TEXT_LENGTH;
  const includeHrefs = !!options.includeHrefs;
  type Item = { node: BuildNode; depth: number; ordered: boolean; ordinal: number };
  const stack: Item[] = [];
  const pushList = (list: BuildNode[] | undefined, depth: number, parent: BuildNode | null) => {
    if (!list) return;
    const ordered = !!parent && parent.vn.tag === 'ol';
    let ordinal = list.length;
    for (let i = list.length - 1; i >= 0; i--) {
      stack.push({ node: list[i], depth, ordered, ordinal: ordinal-- });
    }
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
  while (stack.length) {
    const { node, depth, ordered, ordinal } = stack.pop()!;
    const own = hasOwnLine(node.vn);
    if (own) lines.push('  '.repeat(depth) + formatLine(node, { ordered, ordinal, maxTextLength, includeHrefs }));
    const childDepth = own ? depth + 1 : depth;
    // Pushed in reverse of display order: frame content, light children, shadow content.
    pushList(node.frame, childDepth, node);
    pushList(node.children, childDepth, node);
    pushList(node.shadow, childDepth, node);
  }
  if (doc.meta.truncated) {
    lines.push('# truncated: ' + (doc.omittedNotes.length ? doc.omittedNotes.join('; ') : (doc.meta.truncation ?? []).join('; ')));
  }
  return lines.join('\n');
}

function headerLine(ctx: PageContext): string {
  const vp = ctx.viewport;
  const sc = ctx.scroll;
  return `# page ${quote(ctx.title)} ${ctx.url} | viewport ${vp.width}x${vp.height} scroll ${Math.round(sc.x)},${Math.round(sc.y)} of ${Math.round(sc.width)}x${Math.round(sc.height)}`;
}
