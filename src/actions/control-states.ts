// Control states no mutation shows (issue 31): a checked radio, a field's value, a
// select's choice are properties. A label click checks its radio, a script sets
// `box.checked = true` or `field.value = …`, and a MutationObserver sees nothing; the
// page did change, and a result that says "no visible effect" is false. So the
// observation reads every form control's state before the action and compares after.
// Reads only (S11); values are kept in memory for the comparison and never reported (S12).

/** Controls compared at most (a page with more keeps the first ones in document order). */
const MAX_CONTROLS = 5000;
const SELECTOR = 'input, select, textarea';

export class ControlStates {
  private readonly controls: Element[] = [];
  private readonly states: string[] = [];

  /** `roots`: the documents and shadow roots whose controls the action may change. */
  constructor(roots: readonly Node[]) {
    for (let r = 0; r < roots.length && this.controls.length < MAX_CONTROLS; r++) {
      if (roots.indexOf(roots[r]) < r) continue; // listed twice
      let found: ArrayLike<Element>;
      try {
        found = (roots[r] as ParentNode).querySelectorAll(SELECTOR);
      } catch {
        continue; // a root from a frame that went away
      }
      for (let i = 0; i < found.length && this.controls.length < MAX_CONTROLS; i++) {
        this.controls.push(found[i]);
        this.states.push(stateOf(found[i]));
      }
    }
  }

  /** How many controls now hold another state than before the action (a removed control is the DOM's news, not counted). */
  changed(): number {
    let n = 0;
    for (let i = 0; i < this.controls.length; i++) {
      const el = this.controls[i];
      if (el.isConnected && stateOf(el) !== this.states[i]) n++;
    }
    return n;
  }
}

/** What a person sees of a control: checked (and mixed) for boxes, the choice for selects, else the value. */
function stateOf(el: Element): string {
  try {
    const tag = el.localName;
    if (tag === 'select') {
      const options = (el as HTMLSelectElement).options;
      let out = '';
      for (let i = 0; i < options.length; i++) if (options[i].selected) out += i + ',';
      return out;
    }
    const input = el as HTMLInputElement;
    if (tag === 'input') {
      const type = (input.type || '').toLowerCase();
      if (type === 'checkbox' || type === 'radio')
        return (input.checked ? '1' : '0') + (input.indeterminate ? 'm' : '');
    }
    const value = input.value;
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
