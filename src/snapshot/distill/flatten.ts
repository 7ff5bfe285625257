// Distill pass (S1): hoist nodes that have nothing to say (their children move up),
// keep semantic containers, drop empty leaves. Runs bottom-up without recursion.
import { wordList } from '../../semantics/element';
import type { BuildNode } from '../tree';
import { SUMMARY_TAG, TEXT_TAG } from '../tree';
import { absorbLeadingText, absorbSingleText, dropTextRepeatingName, finalizeRun } from './text-runs';

/** Containers that stay even without a name: structure a reader relies on. */
const ALWAYS_KEPT_ROLES = wordList(
  'form table grid treegrid row dialog alertdialog navigation main banner contentinfo complementary ' +
    'search list menu menubar tablist tree listbox radiogroup toolbar tabpanel',
);

/** An unnamed, non-actionable structural node whose content is enough on its own. */
function isHoistable(node: BuildNode): boolean {
  const vn = node.vn;
  if (vn.actionable || vn.tag === TEXT_TAG || vn.tag === SUMMARY_TAG) return false;
  if (node.frame || node.shadow || vn.crossOrigin || vn.closedShadowRoot || vn.frameSrc !== undefined) return false;
  if (vn.name) return false;
  const role = vn.role;
  if (
    role &&
    (ALWAYS_KEPT_ROLES.has(role) ||
      role === 'heading' ||
      role === 'listitem' ||
      role === 'cell' ||
      role === 'gridcell' ||
      role === 'columnheader' ||
      role === 'rowheader' ||
      role === 'img' ||
      role === 'separator' ||
      role === 'progressbar' ||
      role === 'meter')
  )
    return false;
  return true;
}

function isEmpty(node: BuildNode): boolean {
  if (node.children.length || node.vn.text || node.frame?.length || node.shadow?.length) return false;
  const vn = node.vn;
  if (vn.actionable || vn.name || vn.value || vn.crossOrigin || vn.closedShadowRoot || vn.frameSrc !== undefined)
    return false;
  // Structure with nothing inside tells a reader nothing (empty list, empty row, unnamed image).
  return vn.role !== 'separator' && vn.role !== 'progressbar' && vn.role !== 'meter';
}

/** Flattens a node list in place; returns the new list for the parent. */
export function flattenList(nodes: BuildNode[]): BuildNode[] {
  // Post-order over an explicit stack (parallel arrays: no object per node): children
  // lists are flattened before their parent.
  const stack: BuildNode[] = [];
  const expanded: boolean[] = [];
  const pushAll = (list: BuildNode[] | undefined) => {
    if (list)
      for (let i = 0; i < list.length; i++) {
        stack.push(list[i]);
        expanded.push(false);
      }
  };
  pushAll(nodes);
  while (stack.length) {
    const top = stack.length - 1;
    const n = stack[top];
    if (!expanded[top]) {
      expanded[top] = true;
      pushAll(n.children);
      pushAll(n.shadow);
      pushAll(n.frame);
      continue;
    }
    stack.pop();
    expanded.pop();
    if (n.children.length) n.children = spliceList(n.children);
    if (n.shadow) n.shadow = spliceList(n.shadow);
    if (n.frame) n.frame = spliceList(n.frame);
    dropTextRepeatingName(n);
    absorbSingleText(n);
    absorbLeadingText(n);
  }
  return spliceList(nodes);
}

/**
 * Finalizes the list's text runs, replaces hoistable nodes by their (already flattened)
 * children and drops empty ones. The list comes back as it is when nothing changes (most
 * lists): a new one is made only from the first node that goes.
 */
function spliceList(list: BuildNode[]): BuildNode[] {
  let out: BuildNode[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const node = list[i];
    const kept = finalizeRun(node);
    const hoisted = kept && isHoistable(node);
    if (kept && !hoisted && !isEmpty(node)) {
      if (out) out.push(node);
      continue;
    }
    out ??= list.slice(0, i);
    if (!hoisted) continue;
    if (node.redundantText) {
      for (let c = 0; c < node.children.length; c++)
        if (node.children[c].vn.tag !== TEXT_TAG) out.push(node.children[c]);
      continue;
    }
    if (node.vn.text) out.push(textFrom(node));
    for (let c = 0; c < node.children.length; c++) out.push(node.children[c]);
  }
  return out ?? list;
}

/** A hoisted node that had absorbed its text becomes a plain text run again. */
function textFrom(node: BuildNode): BuildNode {
  return {
    vn: {
      node_id: node.vn.node_id,
      tag: TEXT_TAG,
      text: node.vn.text,
      visible: true,
      ...(node.vn.text_overflow ? { text_overflow: true } : {}),
    },
    ref: node.ref,
    children: [],
    block: node.block,
    top: node.top,
    bottom: node.bottom,
    inMessage: node.inMessage,
  };
}
