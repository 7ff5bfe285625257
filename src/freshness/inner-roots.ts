// F7: the shadow roots and same-origin frame documents a snapshot entered. A
// MutationObserver on the document does not see inside them, so the freshness
// tracker observes each one too. Read from the snapshot's outline (what it showed).
import type { DomSnapshot } from '../snapshot/DomSnapshot';

export function innerRoots(snapshot: DomSnapshot, doc: Document): Node[] {
  const out: Node[] = [];
  const nodes = snapshot.outline.nodes;
  let last: Node | null = null;
  for (let i = 0; i < nodes.length; i++) {
    const ref = nodes[i].ref;
    if (!ref) continue;
    try {
      if (nodes[i].frame) {
        const frameDoc = (ref as HTMLIFrameElement).contentDocument;
        if (frameDoc && out.indexOf(frameDoc) < 0) out.push(frameDoc);
      }
      const root = ref.getRootNode();
      // Consecutive nodes mostly share a root: skip the list scan for them.
      if (root !== last && root !== doc && out.indexOf(root) < 0) out.push(root);
      last = root;
    } catch {
      /* a node of a frame that went away */
    }
  }
  return out;
}

/** F7: the page scrolled since the snapshot (the scroll event comes a frame later than scrollTo). */
export function scrolledSince(snapshot: DomSnapshot, doc: Document): boolean {
  const win = doc.defaultView;
  if (!win) return false;
  const scroll = snapshot.context.scroll;
  return Math.round(win.scrollX) !== Math.round(scroll.x) || Math.round(win.scrollY) !== Math.round(scroll.y);
}
