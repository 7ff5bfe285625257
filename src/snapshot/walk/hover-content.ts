// Hover-only content in the snapshot (S2, classify/hover-reveals.ts): under the line of
// the element a person would hover, an "on hover:" line lists the controls the page's
// :hover rule would show (with ids: an action hovers the trigger, then acts on them) or
// its text. Hidden elements are not walked by pass 1, so their nodes are made here.
import type { NodeFingerprint, VirtualNode } from '../../types';
import type { BuildNode } from '../tree';
import { HOVER_TAG, TEXT_TAG } from '../tree';
import { childHash } from '../ids/element-ids';
import { nameOf, getRole } from '../../semantics';
import { findHoverReveals, type HoverReveal } from '../classify/hover-reveals';
import { normalizeWhitespace } from '../../dom/dom-utils';
import { toArray } from '../../dom/builtins';
import type { IdSource } from '../ids/assign-ids';

const CONTROLS =
  'a[href],button,input:not([type=hidden]),select,textarea,summary,[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio],[role=link],[role=button],[role=option],[role=tab],[role=checkbox],[role=switch]';
const MAX_CONTROLS = 30;

/** Adds hover-only content under its trigger's kept line; the new nodes get ids and join `keptNodes`. */
export function addHoverContent(doc: Document, keptNodes: BuildNode[], ids: IdSource): void {
  let byElement: Map<Node, BuildNode> | null = null;
  const shown = (el: Element) => {
    byElement ??= new Map(keptNodes.map((n) => [n.ref!, n]));
    return ownerLine(el, byElement) !== null;
  };
  let reveals: HoverReveal[];
  try {
    reveals = findHoverReveals(doc, shown);
  } catch {
    return; // R1: a style sheet we cannot read adds nothing
  }
  for (const reveal of reveals) {
    const owner = ownerLine(reveal.trigger, byElement!);
    if (!owner) continue;
    const group: BuildNode = {
      vn: {
        node_id: '',
        tag: HOVER_TAG,
        visible: false,
        text: reveal.pseudo === 'hover' ? 'on hover:' : 'on focus within:',
      },
      children: [],
      block: owner.block,
      top: owner.top,
      bottom: owner.bottom,
    };
    const controls = reveal.content.matches(CONTROLS)
      ? [reveal.content]
      : toArray(reveal.content.querySelectorAll(CONTROLS)).slice(0, MAX_CONTROLS);
    controls.forEach((el, i) => {
      const node = controlNode(el, owner, i, ids);
      group.children.push(node);
      keptNodes.push(node);
    });
    if (!controls.length) {
      const text = normalizeWhitespace(reveal.content.textContent ?? '');
      if (!text) continue;
      group.children.push({
        vn: { node_id: '', tag: TEXT_TAG, visible: false, text },
        children: [],
        block: owner.block,
        top: owner.top,
        bottom: owner.bottom,
      });
    }
    owner.children.push(group);
  }
}

/** The kept line of `el` or of its nearest kept ancestor (a few levels). */
function ownerLine(el: Element, byElement: Map<Node, BuildNode>): BuildNode | null {
  for (let cur: Element | null = el, i = 0; cur && i < 6; i++, cur = cur.parentElement) {
    const node = byElement.get(cur);
    if (node) return node;
  }
  return null;
}

function controlNode(el: Element, owner: BuildNode, index: number, ids: IdSource): BuildNode {
  const role = getRole(el);
  const name = nameOf(el, role);
  const shownName = name || normalizeWhitespace(el.textContent ?? '');
  const vn: VirtualNode = { node_id: '', tag: el.localName, visible: false, actionable: true, tier: 1 };
  if (role) vn.role = role;
  if (shownName) vn.name = shownName.length > 150 ? shownName.slice(0, 149) + '…' : shownName;
  const fp: NodeFingerprint = { tag: el.localName, role: role ?? '', name: name ? name : undefined };
  const idHash = childHash(owner.idHash ?? 0, 'hover:' + index + ':' + (name || el.localName));
  const previous = ids.reuse(el, fp);
  const reused = previous !== undefined && ids.reserve(previous);
  vn.node_id = reused ? previous : ids.allocate(idHash);
  return { vn, ref: el, children: [], block: owner.block, top: owner.top, bottom: owner.bottom, idHash, fp, reused };
}
