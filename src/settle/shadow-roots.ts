// Web components change inside their own open shadow roots (a Lit badge re-rendering its
// count, a ticker in a quote widget). A MutationObserver on the document does not see
// into them, so one observer is given every open shadow root as another target: those in
// the page now, and those that arrive in subtrees added later (a component connected by
// the action). Closed roots stay unseen, as they are to every script.

/** What every observer of the page's changes watches. */
export const OBSERVED_CHANGES: MutationObserverInit = {
  subtree: true,
  childList: true,
  attributes: true,
  characterData: true,
};
/** Shadow roots observed at most (bounds the work on pages of thousands of components). */
const MAX_ROOTS = 512;
/** Elements a single added subtree may hold before it is not searched for shadow roots. */
const MAX_SUBTREE = 20000;

export class ShadowRootsWatch {
  /** Every root given to the observer (documents and shadow roots). */
  readonly roots: Node[] = [];

  constructor(private readonly observer: MutationObserver) {}

  /**
   * Observes `root` and, with `search`, every open shadow root inside it (nested ones too).
   * Without: roots already known (the snapshot's, the churn monitor's), no walk per action.
   */
  add(root: Node, search = true): void {
    if (this.roots.length >= MAX_ROOTS || this.roots.indexOf(root) >= 0) return;
    try {
      this.observer.observe(root, OBSERVED_CHANGES);
    } catch {
      return; // a node of a closed frame, a disconnected root
    }
    this.roots.push(root);
    if (search) this.addWithin(root);
  }

  /** Observes the open shadow roots in the subtrees these records added. */
  addFrom(records: MutationRecord[]): void {
    for (let i = 0; i < records.length && this.roots.length < MAX_ROOTS; i++) {
      const added = records[i].addedNodes;
      if (records[i].type === 'childList')
        for (let j = 0; j < added.length; j++) if (added[j].nodeType === 1) this.addWithin(added[j], true);
    }
  }

  private addWithin(node: Node, self = false): void {
    const el = node as Element;
    if (self && el.shadowRoot) this.add(el.shadowRoot);
    if (typeof (node as ParentNode).querySelectorAll !== 'function') return;
    let all: NodeListOf<Element>;
    try {
      all = (node as ParentNode).querySelectorAll('*');
    } catch {
      return;
    }
    if (all.length > MAX_SUBTREE && self) return;
    for (let i = 0; i < all.length && this.roots.length < MAX_ROOTS; i++) {
      const shadow = all[i].shadowRoot;
      if (shadow) this.add(shadow);
    }
  }
}
