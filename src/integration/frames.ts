// The part of the content script that only makes sense inside an extension, where a
// content script runs in EVERY frame of a tab (cross-origin ones included) and the
// service worker can address each frame by its frameId (issue 11).
//
// Each frame snapshots only itself (same-origin child frames are walked by their
// parent's traversal, as in the page world); a cross-origin <iframe> stays a
// placeholder. The service worker asks the frame behind it for its own snapshot and
// grafts it under the placeholder.
//
// Matching a placeholder to a chrome frameId is a nonce handshake, never the position
// of an iframe among its siblings (Chrome has no runtime.getFrameId; Firefox does):
// the service worker gives each child frame a random nonce; the child's content script
// posts it to its ancestor windows; an ancestor's content script remembers which
// window (event.source) sent which nonce; an <iframe> whose contentWindow is that
// window is the frame the service worker knows under that nonce's frameId. Page
// scripts cannot forge event.source, and they never learn a nonce before it is used.
import type { DomTool } from '../DomTool';
import type { DomSnapshot } from '../snapshot/DomSnapshot';
import type { SerializedPage, VirtualNode } from '../types';
import { pickSnapshotOptions } from '../options';
import { findByText, isTextTarget, type TextTarget } from '../actions/text-target';
import { pointerTargetOf } from '../semantics';
import { toPlainData } from '../dom/safe-json';
import { isElement } from '../dom/dom-utils';
import {
  containsPoint,
  scrollIntoViewIfNeeded,
  scrollToCentre,
  targetPoint,
  toParentFramePoint,
  viewportOf,
  type Point,
} from '../dom/geometry';
import { deepElementFromPoint } from '../semantics';
import { describeElement } from '../actions/describe';
import type { BuildNode } from '../snapshot/tree';
import { idTokens } from '../snapshot/ids/node-id';
import { renderToolLines, withToolLines } from '../page-tools/tools';

import { FRAME_SLOT } from './frame-slot';
export { FRAME_SLOT };

/** A cross-origin iframe placeholder of this frame's snapshot and the frame behind it. */
export interface FrameLink {
  /** The placeholder's node id (with the requested prefix). */
  nodeId: string;
  /** chrome frameId of the iframe's content, -1 if the browser does not know it (yet). */
  frameId: number;
}

export interface FrameSnapshotAnswer {
  url: string;
  /** The document is Chrome's PDF viewer shell: nothing readable for a content script. */
  pdf: boolean;
  json?: SerializedPage;
  text?: string;
  frames: FrameLink[];
}

export interface FrameSnapshotRequest {
  type: 'domtool:frameSnapshot';
  format: 'json' | 'text';
  options?: Record<string, unknown>;
  force?: boolean;
  /** Prepended to every id of this frame ("f3:"); empty for the main frame. */
  idPrefix?: string;
  /** Handshake nonces of descendant frames → their chrome frameIds. */
  frameNonces?: Record<string, number>;
}

import type { FrameIdOf } from './handshake';
export type { FrameIdOf } from './handshake';

/** Every kept node of the snapshot, depth first (children, shadow and same-origin frame content). */
function eachNode(root: BuildNode, fn: (node: BuildNode) => void): void {
  const stack: BuildNode[] = [root];
  while (stack.length) {
    const node = stack.pop() as BuildNode;
    fn(node);
    for (const list of [node.children, node.shadow, node.frame])
      if (list) for (let i = 0; i < list.length; i++) stack.push(list[i]);
  }
}

/** Placeholders of cross-origin iframes with their frameIds, keyed by node. */
function frameLinks(snapshot: DomSnapshot, getFrameId: FrameIdOf | undefined): Map<VirtualNode, number> {
  const out = new Map<VirtualNode, number>();
  eachNode(snapshot.buildTree, (node) => {
    if (!node.vn.crossOrigin || !node.ref || !isElement(node.ref)) return;
    let id = -1;
    try {
      id = getFrameId ? getFrameId(node.ref) : -1;
    } catch {
      id = -1;
    }
    out.set(node.vn, typeof id === 'number' ? id : -1);
  });
  return out;
}

/** Prefixes the ids this snapshot issued, wherever they appear in a text (lines, inline links). */
export function prefixTextIds(text: string, snapshot: Pick<DomSnapshot, 'has'>, prefix: string): string {
  if (!prefix) return text;
  return text.replace(idTokens(), (id) => (snapshot.has(id) ? prefix + id : id));
}

function prefixTreeIds(root: VirtualNode, prefix: string): void {
  const stack: VirtualNode[] = [root];
  while (stack.length) {
    const vn = stack.pop() as VirtualNode;
    if (vn.node_id) vn.node_id = prefix + vn.node_id;
    for (const list of [vn.children, vn.shadowDom, vn.iframe])
      if (list) for (let i = 0; i < list.length; i++) stack.push(list[i]);
  }
}

function isPdfViewer(doc: Document): boolean {
  // Chrome shows a PDF as a shell document around an <embed> of the viewer plugin.
  return doc.contentType === 'application/pdf';
}

export async function frameSnapshot(
  tool: DomTool,
  request: FrameSnapshotRequest,
  getFrameId: FrameIdOf | undefined,
): Promise<FrameSnapshotAnswer> {
  const doc = tool.document;
  const options = request.options && typeof request.options === 'object' ? request.options : {};
  const prefix = typeof request.idPrefix === 'string' ? request.idPrefix : '';
  const snapshot = await tool.getSnapshot({
    force: request.force === true,
    ...pickSnapshotOptions(options),
  });
  const links = frameLinks(snapshot, getFrameId);
  const frames: FrameLink[] = [];
  links.forEach((frameId, vn) => frames.push({ nodeId: prefix + vn.node_id, frameId }));
  const answer: FrameSnapshotAnswer = { url: String(doc.URL), pdf: isPdfViewer(doc), frames };
  if (request.format === 'text') {
    const text = snapshot.toText({
      ...(options as object),
      header: prefix ? false : options.header !== false,
      frameSlot: (vn) => {
        const id = links.get(vn);
        return id !== undefined ? FRAME_SLOT + id : undefined;
      },
    });
    // S17: the top frame's text names the page's tools under its page line, as getText() does.
    const withTools =
      prefix || options.header === false ? text : withToolLines(text, renderToolLines(await tool.listPageTools()));
    answer.text = prefixTextIds(withTools, snapshot, prefix);
  } else {
    const json = toPlainData(snapshot.serialize(options)) as SerializedPage;
    if (prefix) prefixTreeIds(json.page.body, prefix);
    answer.json = json;
  }
  return answer;
}

/**
 * Where a pointer would land on a node id or a text target (A9) in this frame's viewport,
 * after scrolling it into view as the action itself would. The service worker checks that
 * point in the parent frames, which this frame cannot see when they are cross-origin.
 * null: nothing to check here (the action itself then reports what it finds).
 */
export function locate(tool: DomTool, target: unknown): { x: number; y: number } | null {
  const el = isTextTarget(target) ? textTargetElement(tool, target) : tool.getElement(String(target));
  if (!el || !el.isConnected) return null;
  // The pointer lands on the element's stand-in (a native control drawn invisible under its
  // label): the same pointerTargetOf that retarget(el, 'pointer') answers for the action.
  const standIn = pointerTargetOf(el);
  scrollIntoViewIfNeeded(standIn);
  return targetPoint(standIn);
}

/** The element a pointer action on `target` resolves to: the same findByText, in `within`'s element when given. */
function textTargetElement(tool: DomTool, target: TextTarget): Element | null {
  const doc = tool.document;
  const scope = target.within !== undefined ? tool.getElement(target.within) : (doc.body ?? doc.documentElement);
  if (!scope) return null;
  try {
    return findByText(scope, target, null);
  } catch {
    return null; // none or several: the action refuses it with the reason
  }
}

/** The <iframe>/<frame> element of this document (or its open/opened shadow roots) that hosts `frameId`. */
export function findFrameElement(
  doc: Document,
  frameId: number,
  getFrameId: FrameIdOf,
  shadowRootOf?: (el: Element) => ShadowRoot | null,
): Element | null {
  const roots: (Document | ShadowRoot)[] = [doc];
  for (let r = 0; r < roots.length && r < 1000; r++) {
    const all = roots[r].querySelectorAll('*');
    for (let i = 0; i < all.length; i++) {
      const el = all[i];
      const tag = el.localName;
      if (tag === 'iframe' || tag === 'frame') {
        try {
          if (getFrameId(el) === frameId) return el;
        } catch {
          /* not a frame the browser knows */
        }
      }
      const shadow = el.shadowRoot ?? (shadowRootOf ? shadowRootOf(el) : null);
      if (shadow) roots.push(shadow);
      // Same-origin child documents are part of this frame's snapshot: their iframes too.
      if (tag === 'iframe' || tag === 'frame') {
        try {
          const inner = (el as HTMLIFrameElement).contentDocument;
          if (inner) roots.push(inner);
        } catch {
          /* cross-origin */
        }
      }
    }
  }
  return null;
}

export type FrameHitAnswer =
  | { ok: true; x: number; y: number }
  | { ok: false; reason: 'missing' | 'offscreen' | 'covered'; covering?: string };

/**
 * Hit test, in this (parent) frame, of a point inside the child frame `frameId`: the
 * child's own obscured check cannot see a cookie banner or modal of the parent page
 * lying over the whole iframe. Answers the point in this frame's coordinates so the
 * service worker can go on outward.
 */
export function frameHitTest(
  doc: Document,
  frameId: number,
  point: { x: number; y: number },
  getFrameId: FrameIdOf,
  shadowRootOf?: (el: Element) => ShadowRoot | null,
): FrameHitAnswer {
  const frame = findFrameElement(doc, frameId, getFrameId, shadowRootOf);
  if (!frame) return { ok: false, reason: 'missing' };
  let outer = toParentFramePoint(frame, point);
  const inView = (p: Point) => !!doc.defaultView && containsPoint(viewportOf(doc), p);
  if (!inView(outer)) {
    scrollToCentre(frame);
    outer = toParentFramePoint(frame, point);
    if (!inView(outer)) return { ok: false, reason: 'offscreen' };
  }
  const hit = deepElementFromPoint(doc, outer.x, outer.y, frame);
  if (hit === frame) return { ok: true, x: outer.x, y: outer.y };
  return { ok: false, reason: 'covered', covering: hit ? describeElement(hit) : undefined };
}
