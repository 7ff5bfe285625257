// Which element an action really operates, for every kind of action, in one place: the
// element the agent named is often not the one that takes the events (a native control
// drawn invisible under its label, a wrapper around one field, a label of a checkbox, a
// "Choose file" button in front of a hidden input, a Monaco editor's hidden textarea, a
// slider's thumb). inspect() and the actions ask here, so a dry run and an action cannot
// disagree about the target; verify.ts then checks that target (A3).
import { pointerTargetOf, isNativeCheckable, roleOf } from '../semantics';
import { codeEditorFor, type CodeEditor } from './editors';
import { editingHostOf, isTextField } from './typing';
import { isKeyedValueWidget, sliderOf } from './slider';
import { fileInputFor } from './file-input';
import type { SnapshotLike } from './snapshot-source';

/** What type()/clear() write into: an ARIA slider or keyed spinbutton (typed as a value), a code editor, or a text field / editing host. */
export type TypeTarget =
  | { kind: 'slider'; el: Element }
  | { kind: 'code'; editor: CodeEditor }
  | { kind: 'field'; el: Element };

/** The file input an upload goes to; `nearby`: found beside the element (a button that opens it). */
export interface FileTarget {
  input: HTMLInputElement | null;
  nearby: boolean;
}

/** Where the pointer goes: the element, or the stand-in of a native control drawn invisible (semantics/stand-in.ts). */
export function retarget(el: Element, kind: 'pointer'): Element;
/** The checkbox-like control: the element, a label's control, or the single one inside it. */
export function retarget(el: Element, kind: 'check'): Element | null;
/** What typing goes into (null: nothing editable belongs to the element). */
export function retarget(el: Element, kind: 'type'): TypeTarget | null;
/** The slider a drag moves: the element or a slider around its thumb. */
export function retarget(el: Element, kind: 'slider'): Element | null;
/** The file input an upload fills; throws VALIDATION_ERROR when it is ambiguous (messages name `id`). */
export function retarget(el: Element, kind: 'file', id: string, snapshot: SnapshotLike | null): FileTarget;
export function retarget(
  el: Element,
  kind: 'pointer' | 'check' | 'type' | 'slider' | 'file',
  id = '',
  snapshot: SnapshotLike | null = null,
): Element | TypeTarget | FileTarget | null {
  switch (kind) {
    case 'pointer':
      return pointerTargetOf(el);
    case 'check':
      return checkableOf(el);
    case 'type':
      return typeTargetOf(el);
    case 'slider':
      return sliderOf(el);
    case 'file':
      return fileInputFor(el, id, snapshot);
  }
}

const ARIA_CHECKABLE: Record<string, true> = {
  checkbox: true,
  switch: true,
  radio: true,
  menuitemcheckbox: true,
  menuitemradio: true,
};

function checkableOf(el: Element): Element | null {
  if (isNativeCheckable(el) || ARIA_CHECKABLE[roleOf(el) ?? ''] === true || el.hasAttribute('aria-pressed')) return el;
  if (el.localName === 'label') {
    const control = (el as HTMLLabelElement).control;
    if (control && isNativeCheckable(control)) return control;
  }
  const inner = el.querySelectorAll(
    'input[type="checkbox"], input[type="radio"], [role="checkbox"], [role="switch"], [role="radio"]',
  );
  return inner.length === 1 ? inner[0] : null;
}

function typeTargetOf(el: Element): TypeTarget | null {
  if (isKeyedValueWidget(el)) return { kind: 'slider', el };
  const editor = codeEditorFor(el);
  if (editor) return { kind: 'code', editor };
  const field = fieldOf(el);
  return field ? { kind: 'field', el: field } : null;
}

/** The text field or editing host for this element: itself, a label's control, or the only text field inside a wrapper. */
function fieldOf(el: Element): Element | null {
  let field: Element | null = isTextField(el) || editingHostOf(el) ? el : null;
  if (!field && el.localName === 'label') field = (el as HTMLLabelElement).control;
  if (!field) {
    const inner = el.querySelectorAll('input, textarea');
    let only: Element | null = null;
    for (let i = 0; i < inner.length; i++) {
      if (!isTextField(inner[i])) continue;
      if (only) {
        only = null;
        break;
      }
      only = inner[i];
    }
    field = only;
  }
  return field && (isTextField(field) || editingHostOf(field)) ? field : null;
}
