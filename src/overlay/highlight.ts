// Highlight overlay (seed 001 "bidirectional highlight overlay"): labelled boxes over
// snapshot nodes so a person can see which id is which element.
//
// The boxes live in a CLOSED shadow root on a host element of our own, so page CSS
// cannot restyle them and page scripts cannot reach into them. The host carries
// OVERLAY_ATTRIBUTE, which the snapshot traversal skips, so a snapshot taken while
// the overlay is shown equals one taken without it. The host has
// `pointer-events: none`, so hit-testing (and the OBSCURED check) sees through it.
import { isElement } from '../dom/dom-utils';
import { cancelFrame, requestFrame } from '../dom/builtins';
import { frameElementOf, toParentFramePoint, viewportOf } from '../dom/geometry';
import type { ErrorInfo, VirtualNode } from '../types';

export const OVERLAY_ATTRIBUTE = 'data-browserx-overlay';

/** The part of DomSnapshot the overlay needs. */
export interface HighlightSource {
  readonly virtualDom: VirtualNode | null | undefined;
  getElement(nodeId: string): Element | null | undefined;
}

export interface HighlightResult {
  /** The boxes were drawn (ids not found are in `missing`); false when the call was refused (`error` says why). */
  ok: boolean;
  /** Boxes drawn. */
  shown: number;
  /** Requested ids that do not resolve to an element in the snapshot. */
  missing: string[];
  /** Set when the call was refused (a VALIDATION_ERROR: a bad argument or option); nothing was done. */
  error?: ErrorInfo;
}

interface Target {
  id: string;
  element: Element;
  box: HTMLElement;
}

const PALETTE = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#008080', '#9a6324', '#800000'];

// Inline `!important` beats any author rule, including `* { display: none !important }`.
// Written out, not built with .map/.join at load: a page may have replaced Array methods (R2).
const HOST_STYLE =
  'all:initial!important;display:block!important;position:fixed!important;top:0!important;left:0!important;' +
  'width:0!important;height:0!important;overflow:visible!important;z-index:2147483647!important;pointer-events:none!important';

const SHADOW_CSS = `
.box{position:fixed;box-sizing:border-box;border:2px solid var(--c);background:color-mix(in srgb,var(--c) 12%,transparent);pointer-events:none}
.label{position:absolute;left:-2px;bottom:100%;padding:0 3px;font:600 11px/14px ui-monospace,Menlo,Consolas,monospace;color:#fff;background:var(--c);white-space:nowrap}
.box.low .label{bottom:auto;top:0}
.box.end .label{left:auto;right:-2px}
`;

/** Ids of every actionable node in the snapshot tree, in document order. */
export function actionableIds(root: VirtualNode | null | undefined): string[] {
  const ids: string[] = [];
  if (!root) return ids;
  // Iterative DFS (deep pages overflow recursion); children pushed in reverse to keep order.
  const stack: VirtualNode[] = [root];
  while (stack.length) {
    const node = stack.pop() as VirtualNode;
    if (node.actionable && node.node_id) ids.push(node.node_id);
    const kids = ([] as VirtualNode[]).concat(node.children ?? [], node.shadowDom ?? [], node.iframe ?? []);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return ids;
}

/** Viewport rect of an element in the top document, adding same-origin frame offsets. */
function topLevelRect(el: Element): { x: number; y: number; width: number; height: number } {
  const r = el.getBoundingClientRect();
  let point = { x: r.left, y: r.top };
  // frameElement is null at the top and when the parent is cross-origin.
  for (let frame = frameElementOf(el); frame; frame = frameElementOf(frame)) {
    point = toParentFramePoint(frame, point);
  }
  return { x: point.x, y: point.y, width: r.width, height: r.height };
}

export class HighlightOverlay {
  private host: HTMLElement | null = null;
  private targets: Target[] = [];
  private frame = 0;
  private readonly onViewportChange = (): void => {
    if (!this.frame) this.frame = requestFrame(() => this.position());
  };

  constructor(private readonly doc: Document) {}

  get visible(): boolean {
    return !!this.host && this.host.isConnected;
  }

  /** Draws one labelled box per resolvable id; replaces any previous highlight. */
  show(source: HighlightSource, nodeIds: string[] | 'all'): HighlightResult {
    this.clear();
    const ids = nodeIds === 'all' ? actionableIds(source.virtualDom) : nodeIds;
    const missing: string[] = [];
    const layer = this.mount();
    for (let i = 0; i < ids.length; i++) {
      const element = source.getElement(ids[i]);
      if (!isElement(element) || !element.isConnected) {
        missing.push(ids[i]);
        continue;
      }
      const box = this.doc.createElement('div');
      box.className = 'box';
      box.style.setProperty('--c', PALETTE[this.targets.length % PALETTE.length]);
      const label = this.doc.createElement('span');
      label.className = 'label';
      // textContent, never innerHTML: stays legal under Trusted Types.
      label.textContent = ids[i];
      box.appendChild(label);
      layer.appendChild(box);
      this.targets.push({ id: ids[i], element, box });
    }
    this.position();
    const win = this.doc.defaultView;
    win?.addEventListener('scroll', this.onViewportChange, { capture: true, passive: true });
    win?.addEventListener('resize', this.onViewportChange, { passive: true });
    return { ok: true, shown: this.targets.length, missing };
  }

  clear(): void {
    const win = this.doc.defaultView;
    win?.removeEventListener('scroll', this.onViewportChange, { capture: true });
    win?.removeEventListener('resize', this.onViewportChange);
    if (this.frame) cancelFrame(this.frame);
    this.frame = 0;
    this.targets = [];
    this.host?.remove();
    this.host = null;
  }

  private mount(): HTMLElement {
    const host = this.doc.createElement('browserx-overlay');
    host.setAttribute(OVERLAY_ATTRIBUTE, '');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = HOST_STYLE;
    const root = host.attachShadow({ mode: 'closed' });
    const style = this.doc.createElement('style');
    style.textContent = SHADOW_CSS;
    const layer = this.doc.createElement('div');
    root.appendChild(style);
    root.appendChild(layer);
    this.doc.documentElement.appendChild(host);
    this.host = host;
    return layer;
  }

  /** Re-reads every target's rect (called on show, scroll and resize). */
  private position(): void {
    this.frame = 0;
    const viewportWidth = viewportOf(this.doc).right;
    for (const t of this.targets) {
      const s = t.box.style;
      if (!t.element.isConnected) {
        s.display = 'none';
        continue;
      }
      const r = topLevelRect(t.element);
      s.display = r.width > 0 || r.height > 0 ? '' : 'none';
      s.left = r.x + 'px';
      s.top = r.y + 'px';
      s.width = Math.max(r.width, 2) + 'px';
      s.height = Math.max(r.height, 2) + 'px';
      // Labels near the top or right edge move inside the box so they are not cut off
      // (7 px per monospace character is a safe over-estimate at 11 px).
      t.box.classList.toggle('low', r.y < 14);
      t.box.classList.toggle('end', r.x + t.id.length * 7 + 8 > viewportWidth);
    }
  }
}
