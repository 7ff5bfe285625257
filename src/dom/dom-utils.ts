// Cross-realm-safe DOM helpers: type checks by nodeType/localName, never instanceof
// (elements inside an iframe belong to another realm).

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const DOCUMENT_FRAGMENT_NODE = 11;

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && node.nodeType === ELEMENT_NODE;
}

export function isShadowRoot(node: Node | null | undefined): node is ShadowRoot {
  return !!node && node.nodeType === DOCUMENT_FRAGMENT_NODE && 'host' in node;
}

/** Parent element, crossing shadow boundaries to the host. */
export function parentElementOrHost(el: Element): Element | null {
  const parent = el.parentNode;
  if (!parent) return null;
  if (isElement(parent)) return parent;
  if (isShadowRoot(parent)) return parent.host;
  return null;
}

/** The composed-tree parent for slotted content: the slot it renders in, else the DOM parent. */
export function flatTreeParent(el: Element): Element | null {
  const slot = (el as Element & { assignedSlot?: HTMLSlotElement | null }).assignedSlot;
  if (slot) return slot;
  return parentElementOrHost(el);
}

/** Like `root.getElementById` for both documents and shadow roots. */
export function getElementByIdInScope(scope: Node, id: string): Element | null {
  const root = (scope as Element).getRootNode ? (scope as Element).getRootNode() : scope;
  const lookup = (root as Document | ShadowRoot).getElementById;
  if (typeof lookup === 'function') return lookup.call(root, id);
  return null;
}

export function normalizeWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

export function truncate(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  return { text: text.slice(0, max - 1).trimEnd() + '…', cut: true };
}

/** The window an element belongs to (its own frame's realm). */
export function windowOf(node: Node): (Window & typeof globalThis) | null {
  return (node.ownerDocument?.defaultView ?? (node as Document).defaultView ?? null) as (Window & typeof globalThis) | null;
}
