// Snapshot pipeline: traverse (pass 1) → flatten / label fix-up → budget (pass 2) →
// DomSnapshot. Caches live exactly for one build; nothing here ever throws (R1) and
// nothing writes to the page (S11).
import type { ResolvedSnapshotOptions } from '../options';
import type { NodeFingerprint, PageContext, SerializedPage, SnapshotMeta, SnapshotStats } from '../types';
import { beginCaches, endCaches, getStyle, getRect } from '../dom/caches';
import { DomSnapshot } from './DomSnapshot';
import { IdMemory } from './ids/id-memory';
import { applyBudget, type BudgetOptions } from './distill/budget';
import { flattenList } from './distill/flatten';
import { foldDuplicateLinks } from './distill/duplicate-links';
import { IdAllocator, childHash, formatId } from './ids/element-ids';
import { Outline } from './render/outline';
import { traverse } from './walk/traverse';
import type { IdSource } from './ids/assign-ids';
import { addHoverContent } from './walk/hover-content';
import { confineTo, findOverlay } from './classify/modal';
import { completeNode, focusableOf } from './classify/describe';
import { detectBlocker } from './classify/blockers';
import type { BuildNode } from './tree';
import { forEachNode, rewriteContent } from './tree';
import { DEFAULT_TEXT_LENGTH, lineCostFor } from './render/text';
import { lineBoundFor } from './render/line-bound';
import { viewportOf, windowBoxOf, type Box } from '../dom/geometry';
import { drawnVisible, getHint } from '../semantics';
import { wordSet } from '../semantics/element';
import { isElement } from '../dom/dom-utils';
import { epochMs, now } from '../dom/builtins';
import { StageClock } from './stages';

export function buildSnapshot(
  doc: Document,
  options: ResolvedSnapshotOptions,
  memory: IdMemory = new IdMemory(),
): DomSnapshot {
  const started = now();
  let context: PageContext = EMPTY_CONTEXT;
  beginCaches();
  try {
    context = readContext(doc);
    const viewport: Box = viewportOf(doc); // the action's (no scrollbar strip); the header reports the window
    const allocator = new IdAllocator();
    const ids: IdSource = {
      reuse: (el: Element, fp: NodeFingerprint) => memory.reusable(el, fp),
      reserve: (id: string) => allocator.tryReserve(id),
      allocate: (hash: number) => allocator.allocate(hash),
    };
    const clock = new StageClock();
    const walked = traverse(doc, options, ids, viewport);
    clock.lap('walk');
    demoteRedundantTargets(walked);
    // A full-viewport backdrop makes the page under it unusable, like a modal dialog does.
    const overlay = walked.covers.fullViewport.length
      ? findOverlay(doc, walked.covers.fullViewport, walked.covers.covers, viewport)
      : null;
    if (overlay) ({ tree: walked.roots, kept: walked.keptNodes } = confineTo(overlay, walked.roots, walked.keptNodes));
    // S16: a CAPTCHA, or a sign-in / cookie wall on the layer that blocks the page.
    const blocker = detectBlocker(doc, walked.modal, overlay);
    if (blocker) context.blocker = blocker;
    // S13 / S14: text under an opaque cover goes; controls under a cover say what covers them.
    walked.covers.dropCoveredText(walked.perception, options.includeHiddenText);
    walked.covers.markCoveredControls(walked.keptNodes);
    addHoverContent(doc, walked.keptNodes, ids); // S2: what a CSS :hover rule shows goes under its trigger, with ids
    clock.lap('classify');

    // Every kept node's id resolves, even when a later pass hoists or cuts it.
    const nodesById = new Map<string, BuildNode>();
    for (let i = 0; i < walked.keptNodes.length; i++) {
      const node = walked.keptNodes[i];
      if (!node.reused && node.ref) {
        // F8: a structural id that once named another (removed) element is retired.
        const el = node.ref;
        if (!memory.mayName(node.vn.node_id, el))
          node.vn.node_id = allocator.allocate(node.idHash!, (id) => memory.mayName(id, el));
        memory.claim(node.vn.node_id, el);
      }
      nodesById.set(node.vn.node_id, node);
      if (node.fp && !node.reused) memory.remember(node.ref!, node.vn.node_id, node.fp);
    }

    clock.lap('ids');
    let roots = flattenList(walked.roots);
    clock.lap('distill');
    // Text runs that survived flattening get ids now, in document order (deterministic).
    // The outline records the whole distilled tree before the budget cuts it (deltas, find, root views).
    const outline = Outline.record(roots, (node) => {
      if (node.vn.node_id || node.idHash === undefined) return;
      const ref = node.ref;
      if (!ref) {
        node.vn.node_id = allocator.allocate(node.idHash);
        return;
      }
      node.vn.node_id = allocator.allocate(node.idHash, (id) => memory.mayName(id, ref));
      memory.claim(node.vn.node_id, ref);
    });
    clock.lap('ids');
    if (options.viewportOnly) roots = keepInViewport(roots, viewport);
    const budget = applyBudget(roots, viewport, budgetOptions(options, walked.kept + walked.textRuns));
    const counts = addHintsAndCount(budget.roots);
    clock.lap('distill');
    const truncation = budget.reasons.slice();
    const notes = budget.notes.slice();
    if (walked.timedOut) {
      truncation.unshift(`time budget ${options.timeBudgetMs} ms`);
      notes.unshift(
        `traversal stopped at the ${options.timeBudgetMs} ms time budget after ${walked.visited} elements; content further down the page is missing`,
      );
    }

    const bodyEl = doc.body ?? doc.documentElement;
    const bodyId = formatId(childHash(0x5eed, 'body'));
    const body: BuildNode = {
      vn: { node_id: bodyId, tag: bodyEl ? bodyEl.localName : 'body', visible: true },
      ref: bodyEl ?? undefined,
      children: budget.roots,
      block: 0,
      top: 0,
      bottom: context.scroll.height,
    };
    if (bodyEl) {
      // A replaced <body> keeps the well-known body id: it is the page root, not a target.
      memory.claim(bodyId, bodyEl);
      body.fp = { tag: body.vn.tag, role: '', name: '' };
      nodesById.set(bodyId, body);
      memory.remember(bodyEl, bodyId, body.fp);
    }

    // The <body> node itself plus what the distilled tree holds.
    const emitted = counts.emitted + 1;
    const interactive = counts.interactive;
    const takenAt = now();
    const buildMs = round(takenAt - started);
    const truncated = walked.timedOut || budget.truncated;
    const meta: SnapshotMeta = {
      version: 'domtool.v1',
      truncated,
      ...(truncation.length ? { truncation } : {}),
      totalNodes: walked.visited,
      emittedNodes: emitted,
      interactiveNodes: interactive,
      timings: { buildMs },
      takenAt: epochMs(takenAt),
    };
    const stats: SnapshotStats = {
      stages: clock.stages,
      visitedElements: walked.visited,
      keptNodes: walked.kept,
      emittedNodes: emitted,
      interactiveNodes: interactive,
      buildMs,
      truncated,
      truncation,
    };
    return new DomSnapshot({
      context,
      body,
      meta,
      stats,
      notes,
      nodesById,
      memory,
      outline,
      includeSelectors: options.includeSelectors,
      innerRoots: walked.innerRoots,
    });
  } catch (error) {
    return errorSnapshot(context, started, error);
  } finally {
    endCaches();
  }
}

/** Targets that repeat another one lose their id line: labels of listed controls, a card's second link to its page. */
function demoteRedundantTargets(walked: { labels: BuildNode[]; standIns: Set<Element>; keptNodes: BuildNode[] }): void {
  demoteRedundantLabels(walked.labels, walked.standIns, walked.keptNodes);
  foldDuplicateLinks(walked.keptNodes);
}

/**
 * A label is its own click target only when the control it labels is not listed (a
 * control hidden with display:none still toggles through its label). Otherwise the
 * control carries the id — also when it is drawn invisible and the label is its
 * stand-in — and the label's text is its name.
 */
function demoteRedundantLabels(labels: BuildNode[], standIns: Set<Element>, kept: BuildNode[]): void {
  let drawn: Set<Node> | null = null;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    const control = (label.ref as HTMLLabelElement).control;
    if (!control) continue;
    // A label that is focusable itself (tabindex) is a target of its own.
    if (focusableOf(label)) continue;
    // A control drawn invisible is listed itself (its label is where the click goes).
    if (!standIns.has(control)) {
      // A control the walk kept is drawn visible (it read its display, visibility, opacity and
      // box, a stand-in aside): its style and box are read again only when it was not kept.
      drawn ??= keptControls(kept);
      if (!drawn.has(control) && !drawnVisible(getStyle(control), getRect(control))) continue;
    }
    // Described as a target first: its states and computed facts are the walk's, then demoted.
    completeNode(label);
    const vn = label.vn;
    vn.actionable = undefined;
    vn.tier = 3;
    vn.hint = undefined;
    if (vn.computed) vn.computed.interactive = false;
    // The label's text is the control's name already; as a container it says nothing more.
    vn.name = undefined;
    label.redundantText = true;
  }
}

/** What a label's control can be: a labelable HTML element, or a form-associated custom element ('-' in its tag). */
const LABELABLE = wordSet('button input meter output progress select textarea');

/** The kept elements a label may name as its control (only these are looked up). */
function keptControls(nodes: BuildNode[]): Set<Node> {
  const refs = new Set<Node>();
  for (let i = 0; i < nodes.length; i++) {
    const tag = nodes[i].vn.tag;
    if ((LABELABLE[tag] === true || tag.indexOf('-') > 0) && nodes[i].ref) refs.add(nodes[i].ref!);
  }
  return refs;
}

/**
 * The budget's options. A line is priced by a bound that formats nothing until the budget
 * must know: the lines it may keep are formatted, and their description completed; the
 * lines it drops are neither.
 */
function budgetOptions(options: ResolvedSnapshotOptions, nodeBound: number): BudgetOptions {
  return {
    maxNodes: options.maxNodes,
    maxDepth: Math.min(options.maxDepth, 1000),
    tokenBudget: options.tokenBudget,
    summarizeThreshold: options.summarizeThreshold,
    summarizeKeep: options.summarizeKeep,
    lineCost: lineCostFor(DEFAULT_TEXT_LENGTH),
    lineBound: lineBoundFor(DEFAULT_TEXT_LENGTH),
    pending: (node) => !!node.pending && !node.pending.done,
    complete: completeNode,
    nodeBound,
  };
}

/**
 * One pass over the emitted tree: completes and counts its nodes, and adds hints (S4) for controls a
 * reader could not tell apart otherwise (no accessible name, no text of their own).
 * After distillation, so hints are computed only for the few nodes that are shown.
 */
function addHintsAndCount(roots: BuildNode[]): { emitted: number; interactive: number } {
  const counts = { emitted: 0, interactive: 0 };
  forEachNode(roots, (node) => {
    completeNode(node); // what is shown is described in full
    const vn = node.vn;
    counts.emitted++;
    if (vn.actionable) counts.interactive++;
    // Text without a letter or digit ("⋯", "×", "☰") tells nothing either.
    if (!vn.actionable || vn.name || (vn.text && WORDLIKE.test(vn.text)) || !node.ref || !isElement(node.ref)) return;
    if (hasVisibleText(node)) return;
    try {
      // A nameless link (an image link without alt) is best told apart by where it goes.
      const hint = (vn.href && hintFromUrl(vn.href)) || getHint(node.ref);
      if (hint) vn.hint = hint;
    } catch {
      /* a hint is optional */
    }
  });
  return counts;
}

/** "/2017/01/13/world/africa/sudan-sanctions.html?x=1" → "sudan sanctions". */
export function hintFromUrl(href: string): string | undefined {
  const path = href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const segments = path.split('/');
  for (let i = segments.length - 1; i >= 0; i--) {
    let seg = segments[i];
    try {
      seg = decodeURIComponent(seg);
    } catch {
      /* keep as written */
    }
    seg = seg
      .replace(/\.(?:s?html?|php|aspx?|jsp)$/i, '')
      .replace(/[-_+.]+/g, ' ')
      .trim();
    // Skip numeric or id-like segments (dates, hashes) and the host.
    if (
      !seg ||
      /^[\d\s]+$/.test(seg) ||
      /^[0-9a-f]{8,}$/i.test(seg) ||
      seg.includes(':') ||
      (i <= 2 && /^https?:?$/i.test(segments[0]))
    )
      continue;
    return seg.length > 40 ? seg.slice(0, 39) + '…' : seg;
  }
  return undefined;
}

const WORDLIKE = /[\p{L}\p{N}]/u;

function hasVisibleText(node: BuildNode): boolean {
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i];
    if ((child.vn.text && WORDLIKE.test(child.vn.text)) || child.vn.name) return true;
  }
  return false;
}

function keepInViewport(roots: BuildNode[], viewport: Box): BuildNode[] {
  const inView = (n: BuildNode) => n.bottom > viewport.top && n.top < viewport.bottom;
  const filter = (list: BuildNode[]): BuildNode[] => {
    const out: BuildNode[] = [];
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      rewriteContent(node, filter);
      if (inView(node) || node.children.length || node.shadow?.length || node.frame?.length) out.push(node);
    }
    return out;
  };
  return filter(roots);
}

export function readContext(doc: Document): PageContext {
  const win = doc.defaultView;
  const root = doc.documentElement;
  const view = windowBoxOf(doc);
  let url = '';
  let domain = '';
  try {
    url = doc.location?.href ?? doc.URL ?? '';
    domain = doc.location?.hostname ?? '';
  } catch {
    /* opaque origins */
  }
  return {
    url,
    title: (doc.title || '').trim(),
    domain,
    viewport: { width: view.right, height: view.bottom },
    scroll: {
      x: win?.scrollX ?? 0,
      y: win?.scrollY ?? 0,
      width: Math.max(root?.scrollWidth ?? 0, doc.body?.scrollWidth ?? 0),
      height: Math.max(root?.scrollHeight ?? 0, doc.body?.scrollHeight ?? 0),
    },
  };
}

function messageOf(error: unknown): string {
  try {
    return String((error as { message?: unknown } | null)?.message ?? error);
  } catch {
    return 'unknown error'; // an error object whose message throws
  }
}

/** R1 fallbacks for the facade: what comes back when even building went wrong. */
export function failedSnapshot(error: unknown): DomSnapshot {
  return errorSnapshot(EMPTY_CONTEXT, now(), error);
}

export function failedText(error: unknown): string {
  return '# snapshot failed: ' + messageOf(error);
}

export function failedPayload(error: unknown): SerializedPage {
  const message = messageOf(error);
  const meta: SnapshotMeta = {
    version: 'domtool.v1',
    truncated: true,
    truncation: ['error'],
    totalNodes: 0,
    emittedNodes: 1,
    interactiveNodes: 0,
    timings: { buildMs: 0 },
    takenAt: epochMs(now()),
    error: message,
  };
  return {
    page: {
      context: EMPTY_CONTEXT,
      body: { node_id: formatId(childHash(0x5eed, 'body')), tag: 'body', visible: true },
      meta,
    },
  };
}

function errorSnapshot(context: PageContext, started: number, error: unknown): DomSnapshot {
  const message = messageOf(error);
  const takenAt = now();
  const buildMs = round(takenAt - started);
  const body: BuildNode = {
    vn: { node_id: formatId(childHash(0x5eed, 'body')), tag: 'body', visible: true },
    children: [],
    block: 0,
    top: 0,
    bottom: 0,
  };
  const meta: SnapshotMeta = {
    version: 'domtool.v1',
    truncated: true,
    truncation: ['error'],
    totalNodes: 0,
    emittedNodes: 1,
    interactiveNodes: 0,
    timings: { buildMs },
    takenAt: epochMs(takenAt),
    error: message,
  };
  const stats: SnapshotStats = {
    stages: { walk: 0, classify: 0, ids: 0, distill: 0 },
    visitedElements: 0,
    keptNodes: 0,
    emittedNodes: 1,
    interactiveNodes: 0,
    buildMs,
    truncated: true,
    truncation: ['error'],
  };
  return new DomSnapshot({
    context,
    body,
    meta,
    stats,
    notes: ['snapshot failed: ' + message],
    nodesById: new Map(),
    memory: new IdMemory(),
    outline: new Outline(),
  });
}

/** Two decimals, without Math (R1: a page may have replaced it). */
function round(ms: number): number {
  const x = ms * 100 + 0.5;
  return (x - (((x % 1) + 1) % 1)) / 100;
}

const EMPTY_CONTEXT: PageContext = {
  url: '',
  title: '',
  domain: '',
  viewport: { width: 0, height: 0 },
  scroll: { x: 0, y: 0, width: 0, height: 0 },
};
