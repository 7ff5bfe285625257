// Which mutations make a snapshot stale (F2). The snapshot shows controls, their
// names, states and visibility; churn that cannot change any of that — a ticking
// clock's text, animation classes on decoration, data-* bookkeeping, <head> — is
// noise and must not force a rebuild on every use.

/** Attributes the observer listens to; everything else (data-*, etc.) never matters. */
export const WATCHED_ATTRIBUTES: string[] = [
  'class',
  'style',
  'hidden',
  'inert',
  'disabled',
  'readonly',
  'required',
  'checked',
  'selected',
  'value',
  'open',
  'href',
  'src',
  'type',
  'name',
  'role',
  'tabindex',
  'contenteditable',
  'for',
  'alt',
  'title',
  'placeholder',
  'id',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-hidden',
  'aria-disabled',
  'aria-expanded',
  'aria-checked',
  'aria-selected',
  'aria-pressed',
  'aria-current',
  'aria-invalid',
  'aria-valuenow',
  'aria-valuetext',
  'aria-owns',
  'aria-controls',
  'aria-modal',
  'aria-busy',
  'popover',
];

/** Attributes whose change matters only when the element is or holds a control (visibility churn). */
const PRESENTATIONAL: Record<string, true> = { class: true, style: true };

const INERT_TAGS: Record<string, true> = {
  script: true,
  style: true,
  link: true,
  meta: true,
  noscript: true,
  template: true,
  title: true,
  head: true,
  base: true,
};

/** Controls and what names them: text changing inside these relabels something an agent acts on. */
const LABELLING =
  'a,button,label,option,select,summary,legend,caption,th,h1,h2,h3,h4,h5,h6,' +
  '[role="button"],[role="link"],[role="tab"],[role="menuitem"],[role="option"],[role="checkbox"],[role="radio"],' +
  '[role="switch"],[role="combobox"],[role="treeitem"],[role="heading"],[role="alert"],[role="dialog"],[role="alertdialog"],' +
  // Messages: status and live regions, toasts (what an action's result reports must be current).
  '[role="status"],[role="log"],[aria-live="polite"],[aria-live="assertive"],output';

const INTERACTIVE =
  'a[href],button,input,select,textarea,summary,[contenteditable],[tabindex],[onclick],' +
  '[role="button"],[role="link"],[role="checkbox"],[role="radio"],[role="switch"],[role="tab"],[role="menuitem"],' +
  '[role="option"],[role="combobox"],[role="textbox"],[role="slider"],[role="dialog"]';

/** Markers of nodes the library itself adds (debug/highlight overlay): never a reason to rebuild. */
export const IGNORE_ATTRIBUTE = 'data-domtool-ignore';
const OVERLAY_ATTRIBUTE = 'data-browserx-overlay';
const IGNORED_SUBTREES = `head,[${IGNORE_ATTRIBUTE}],[${OVERLAY_ATTRIBUTE}]`;

function elementOf(node: Node | null): Element | null {
  if (!node) return null;
  if (node.nodeType === 1) return node as Element;
  return node.parentElement;
}

function isIgnored(el: Element | null): boolean {
  if (!el) return true;
  if (INERT_TAGS[el.localName] === true) return true;
  try {
    return el.closest(IGNORED_SUBTREES) !== null;
  } catch {
    return false;
  }
}

function matchesOrContains(el: Element, selector: string): boolean {
  try {
    return el.matches(selector) || el.querySelector(selector) !== null;
  } catch {
    return true;
  }
}

function isLabelling(el: Element): boolean {
  try {
    return el.closest(LABELLING) !== null;
  } catch {
    return true;
  }
}

/** True when an added/removed node can show up in a snapshot. */
function isMeaningfulNode(node: Node, parent: Element | null): boolean {
  if (node.nodeType === 1) {
    const el = node as Element;
    return (
      INERT_TAGS[el.localName] !== true && !el.hasAttribute(IGNORE_ATTRIBUTE) && !el.hasAttribute(OVERLAY_ATTRIBUTE)
    );
  }
  if (node.nodeType === 3) return !!parent && isLabelling(parent);
  return false;
}

/**
 * Classifies one mutation. `seen` deduplicates the costly class/style checks per
 * element within one batch.
 */
export function isMeaningfulMutation(record: MutationRecord, seen?: Set<Element>): boolean {
  const target = elementOf(record.target);
  if (isIgnored(target)) return false;
  const el = target as Element;
  switch (record.type) {
    case 'childList': {
      const lists = [record.addedNodes, record.removedNodes];
      for (let l = 0; l < 2; l++) {
        const nodes = lists[l];
        for (let i = 0; i < nodes.length; i++) if (isMeaningfulNode(nodes[i], el)) return true;
      }
      return false;
    }
    case 'characterData':
      return isLabelling(el);
    case 'attributes': {
      const name = record.attributeName ?? '';
      if (PRESENTATIONAL[name] !== true) return true;
      if (seen) {
        if (seen.has(el)) return false;
        seen.add(el);
      }
      return matchesOrContains(el, INTERACTIVE);
    }
    default:
      return false;
  }
}
