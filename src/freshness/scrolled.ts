// F7: what the document's MutationObserver does not show.
import type { DomSnapshot } from '../snapshot/DomSnapshot';

/** F7: the page scrolled since the snapshot (the scroll event comes a frame later than scrollTo). */
export function scrolledSince(snapshot: DomSnapshot, doc: Document): boolean {
  const win = doc.defaultView;
  if (!win) return false;
  const scroll = snapshot.context.scroll;
  return Math.round(win.scrollX) !== Math.round(scroll.x) || Math.round(win.scrollY) !== Math.round(scroll.y);
}
