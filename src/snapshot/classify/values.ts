// S5 form values, reproduced exactly (a trailing space is data), with the S12
// secret-field rule applied in one place.
import { wordList } from '../../semantics/element';
import { isSensitiveField } from '../../semantics/privacy';
import { inputType } from '../../semantics';

const NO_VALUE_INPUT_TYPES = wordList('checkbox radio submit reset button image file hidden');
export const EDITABLE_TEXT_CAP = 1000;
const MAX_OPTIONS_LISTED = 50;

function optionLabel(option: HTMLOptionElement): string {
  return (option.label || option.text).trim();
}

export interface FieldValue {
  value?: string;
  /** The field holds a value that was withheld (S12). */
  redacted?: boolean;
  /** Option labels of a native select, in order. */
  options?: string[];
  /** The select's option count, when `options` lists only the first MAX_OPTIONS_LISTED. */
  optionsTotal?: number;
}

export function readFieldValue(el: Element, tag: string, allowSensitive: boolean): FieldValue {
  if (tag === 'input') {
    const input = el as HTMLInputElement;
    const type = inputType(el);
    if (NO_VALUE_INPUT_TYPES.has(type)) {
      if (type === 'file' && input.files && input.files.length) return { value: input.files[0].name };
      return {};
    }
    return guard(el, input.value, allowSensitive);
  }
  if (tag === 'textarea') return guard(el, (el as HTMLTextAreaElement).value, allowSensitive);
  if (tag === 'select') {
    const select = el as HTMLSelectElement;
    const labels: string[] = [];
    const selected: string[] = [];
    const options = select.options;
    // Long lists (countries, years) are listed up to a cap: the agent selects by label or
    // value anyway, and reading every option's text each snapshot is costly.
    for (let i = 0; i < options.length && i < MAX_OPTIONS_LISTED; i++) labels.push(optionLabel(options[i]));
    const chosen = select.selectedOptions;
    for (let i = 0; i < chosen.length; i++) selected.push(optionLabel(chosen[i]));
    const out: FieldValue = { value: selected.join(', '), options: labels };
    if (options.length > MAX_OPTIONS_LISTED) out.optionsTotal = options.length;
    return out;
  }
  return {};
}

function guard(el: Element, value: string, allowSensitive: boolean): FieldValue {
  if (!allowSensitive && isSensitiveField(el)) return value ? { redacted: true } : {};
  return value ? { value } : {};
}

/** Text of a contentEditable host, capped (S6). */
export function readEditableText(el: Element): { value: string; cut: boolean } {
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= EDITABLE_TEXT_CAP) return { value: text, cut: false };
  return { value: text.slice(0, EDITABLE_TEXT_CAP), cut: true };
}
