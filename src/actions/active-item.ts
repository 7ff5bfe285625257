// What a key moved inside a composite widget. A listbox, grid, tree or menu that manages
// focus with aria-activedescendant keeps DOM focus on itself: ArrowDown moves the active
// (often selected) item, and the focus report alone says nothing happened. keypress()
// reads the active item before and after, and names the new one (issue 32).
import { checkedOf, deepActiveElement, selectedOf } from '../semantics';
import { describeElement } from './describe';
import { msg } from './result';
import type { SnapshotLike } from './snapshot-source';

export interface ActiveItemWatch {
  /** The key's notes: the item it made active, else that the page handled the key itself (`prevented`). */
  notes(key: string, snapshot: SnapshotLike | null, prevented: boolean): string[];
}

/** Reads the active item before a key; `notes` compares after it. */
export function activeItemWatch(doc: Document): ActiveItemWatch {
  const before = activeDescendant(doc);
  return {
    notes(key, snapshot, prevented) {
      const after = activeDescendant(doc);
      if (after && after !== before) return [msg.activeMoved(key, describeElement(after, snapshot), chosenWord(after))];
      return prevented ? [msg.defaultPrevented(key)] : [];
    },
  };
}

/** The item the focused widget points at with aria-activedescendant, or null. */
function activeDescendant(doc: Document): Element | null {
  const focus = deepActiveElement(doc);
  const ref = focus?.getAttribute('aria-activedescendant');
  if (!focus || !ref) return null;
  const root = focus.getRootNode() as Document | ShadowRoot;
  const byId = typeof root.getElementById === 'function' ? root.getElementById(ref) : null;
  return byId ?? doc.getElementById(ref);
}

/** "selected" / "checked" when the item says so: the agent learns the key also chose it. */
function chosenWord(el: Element): string {
  if (selectedOf(el)) return ' [selected]';
  if (checkedOf(el) === true) return ' [checked]';
  return '';
}
