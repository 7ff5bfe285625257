// Listener-only clickables (a <div> given addEventListener('click') and no other sign)
// are invisible to a content script: listeners live in the page's JS world. The
// opt-in page-world script (page-world.ts, MAIN world, document_start) records them;
// this is the isolated world's side of the hand-over, which never touches the DOM:
// one query event on the document, answered synchronously by one mark event per
// recorded element (DOM events cross worlds; attributes would be mutations, S11).
export const LISTENER_QUERY_EVENT = 'browserx:listeners?';
export const LISTENER_MARK_EVENT = 'browserx:listener';

/** Elements of `doc` the page-world recorder knows to have click-like listeners (empty without it). */
export function collectClickListeners(doc: Document): Set<Element> {
  const found = new Set<Element>();
  const onMark = (event: Event) => {
    const target = event.composedPath()[0];
    if (target && (target as Node).nodeType === 1) found.add(target as Element);
    event.stopImmediatePropagation();
  };
  try {
    doc.addEventListener(LISTENER_MARK_EVENT, onMark, true);
    const CustomEventCtor = doc.defaultView?.CustomEvent ?? CustomEvent;
    doc.dispatchEvent(new CustomEventCtor(LISTENER_QUERY_EVENT));
  } catch {
    /* no recorder, or a hostile page: no signal */
  } finally {
    doc.removeEventListener(LISTENER_MARK_EVENT, onMark, true);
  }
  return found;
}

/**
 * A `hasClickListener` snapshot option. Each document is asked once per snapshot: the
 * answer is kept while the (synchronous) traversal runs and dropped in the microtask
 * after it, so the next snapshot asks again. Same-origin child frames have their own
 * recorder and are asked the first time one of their elements is classified.
 */
export function clickListenerSource(): (element: Element) => boolean {
  let perDocument: Map<Document, Set<Element>> | null = null;
  return (element) => {
    if (!perDocument) {
      perDocument = new Map();
      void Promise.resolve().then(() => {
        perDocument = null;
      });
    }
    const doc = element.ownerDocument;
    let set = perDocument.get(doc);
    if (!set) {
      set = collectClickListeners(doc);
      perDocument.set(doc, set);
    }
    return set.size > 0 && set.has(element);
  };
}
