// HTML labels: which control a <label> labels, and the labels of a control (HTML §4.10.4),
// for the accessible name (accname 2E, name.ts) and anywhere else a label stands for its control.
import { getElementByIdInScope } from '../dom/dom-utils';
import { ariaCaches } from '../dom/caches';
import { attr, inputType } from './element';

const LABELABLE: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
LABELABLE.button = LABELABLE.input = LABELABLE.meter = LABELABLE.output = true;
LABELABLE.progress = LABELABLE.select = LABELABLE.textarea = true;

export function isLabelable(el: Element): boolean {
  if (LABELABLE[el.localName] !== true) return false;
  return !(el.localName === 'input' && inputType(el) === 'hidden');
}

/** The control a <label> labels: `for` in the same tree scope, else its first labelable descendant. */
function labelControl(label: Element): Element | null {
  try {
    const native = (label as HTMLLabelElement).control;
    if (native !== undefined) return native;
  } catch {
    /* fall through */
  }
  const forId = attr(label, 'for');
  if (forId !== null) {
    const ref = getElementByIdInScope(label, forId);
    return ref && isLabelable(ref) ? ref : null;
  }
  const all = label.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) if (isLabelable(all[i])) return all[i];
  return null;
}

/** The <label> elements of a labelable control, in tree order. Indexed once per scope in a snapshot. */
export function getLabels(el: Element): Element[] {
  const out: Element[] = [];
  if (!isLabelable(el)) return out;
  const cache = ariaCaches();
  try {
    const scope = el.getRootNode ? el.getRootNode() : null;
    if (cache && scope) {
      let index = cache.labels.get(scope);
      if (!index) {
        index = new Map();
        cache.labels.set(scope, index);
        const labels = (scope as Document | ShadowRoot).querySelectorAll('label');
        for (let i = 0; i < labels.length; i++) {
          const control = labelControl(labels[i]);
          if (!control) continue;
          let list = index.get(control);
          if (!list) index.set(control, (list = []));
          list.push(labels[i]);
        }
      }
      return index.get(el) || out;
    }
    const native = (el as HTMLInputElement).labels;
    if (native) {
      for (let i = 0; i < native.length; i++) out.push(native[i]);
      return out;
    }
    // Fallback for DOMs without `labels`: wrapping label, then label[for=id].
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (p.localName === 'label') {
        if (labelControl(p) === el) out.push(p);
        break;
      }
    }
    const id = el.id;
    if (id && scope) {
      const labels = (scope as Document | ShadowRoot).querySelectorAll('label[for]');
      for (let i = 0; i < labels.length; i++) {
        if (attr(labels[i], 'for') === id && out.indexOf(labels[i]) < 0 && labelControl(labels[i]) === el)
          out.push(labels[i]);
      }
    }
  } catch {
    /* never throw */
  }
  return out;
}
