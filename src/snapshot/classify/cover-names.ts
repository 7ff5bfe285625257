// How the snapshot names what covers a control (covers.ts): the id of the control that
// takes the cover away when there is one, else the cover's role and name.
import { getAccessibleName, getRole, isModalLayer } from '../../semantics';
import { getStyle } from '../../dom/caches';
import { isElement } from '../../dom/dom-utils';
import type { BuildNode } from '../tree';

/** Names of the control that takes a cover away (cookie banners, dialogs). */
const DISMISS =
  /\b(?:accept|agree|allow|got it|ok|okay|close|dismiss|reject|decline|deny|continue|no thanks|understand)\b|^[×✕✖xX]$/i;

/**
 * Names covers for the controls of one snapshot (`kept`): the cover's root (the outermost
 * ancestor of the hit element that does not contain the control), then: the actionable
 * element that was hit, else the root's control that dismisses it, its only control, or
 * the root itself when it is actionable — as an id; else the root's role and name.
 */
export class CoverNames {
  private idOf: Map<Element, BuildNode> | null = null;
  /** What a root is called: one overlay covers many controls, and naming it reads all of `kept`. */
  private readonly byRoot = new Map<Element, string>();

  constructor(private readonly kept: BuildNode[]) {}

  /** What covers `el` where the pointer meets `hit`. */
  describe(hit: Element, el: Element): string {
    const idOf = (this.idOf ??= idsOf(this.kept));
    let root = hit;
    let hitPart: BuildNode | null = null;
    for (let cur: Element | null = hit; cur && !cur.contains(el); cur = cur.parentElement) {
      root = cur;
      const node = idOf.get(cur);
      if (!hitPart && node && node.vn.actionable && node.vn.node_id) hitPart = node;
    }
    if (hitPart) return hitPart.vn.node_id;
    let name = this.byRoot.get(root);
    if (name === undefined) this.byRoot.set(root, (name = nameRoot(root, this.kept)));
    return name;
  }
}

function idsOf(kept: BuildNode[]): Map<Element, BuildNode> {
  const idOf = new Map<Element, BuildNode>();
  for (let j = 0; j < kept.length; j++)
    if (kept[j].ref && isElement(kept[j].ref)) idOf.set(kept[j].ref as Element, kept[j]);
  return idOf;
}

/** A cover's root named by the control that takes it away, else by its role and name. */
function nameRoot(root: Element, kept: BuildNode[]): string {
  let only: BuildNode | null = null;
  let count = 0;
  for (let i = 0; i < kept.length; i++) {
    const node = kept[i];
    if (!node.vn.actionable || !node.vn.node_id || !root.contains(node.ref as Element)) continue;
    count++;
    only = node;
    const name = node.vn.name ?? node.vn.text ?? '';
    if (DISMISS.test(name.trim())) return node.vn.node_id;
  }
  // The only control of a dialog or banner is the way out of it; of any other box it is not.
  if (count === 1 && only && overlayLike(root)) return only.vn.node_id;
  return describeRoot(root);
}

function overlayLike(el: Element): boolean {
  if (isModalLayer(el)) return true;
  const position = getStyle(el)?.position;
  return position === 'fixed' || position === 'sticky';
}

function describeRoot(root: Element): string {
  let role = '';
  let name = '';
  try {
    role = getRole(root) ?? '';
    name = (getAccessibleName(root, role || null) ?? '').replace(/\s+/g, ' ').trim();
  } catch {
    /* described by tag */
  }
  if (!role || role === 'generic' || role === 'none' || role === 'presentation') role = '<' + root.localName + '>';
  if (name.length > 40) name = name.slice(0, 39) + '…';
  return name ? `${role} "${name}"` : role;
}
