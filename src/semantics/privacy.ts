// S12: values that must never leave the page unless the caller explicitly allows it.
import { wordList } from './element';
import { inputType } from './element';

const SECRET_AUTOCOMPLETE = wordList(
  'one-time-code cc-number cc-csc cc-exp cc-exp-month cc-exp-year new-password current-password',
);

export function isSensitiveField(el: Element): boolean {
  if (inputType(el) === 'password') return true;
  const autocomplete = el.getAttribute('autocomplete');
  if (!autocomplete) return false;
  // autocomplete may hold several tokens ("section-x shipping cc-number").
  const tokens = autocomplete.toLowerCase().split(/\s+/);
  for (let i = 0; i < tokens.length; i++) if (SECRET_AUTOCOMPLETE.has(tokens[i])) return true;
  return false;
}

/** A field's value where a name or text may carry it: nothing for a secret field (S12). */
export function shareableValue(el: Element): string {
  return isSensitiveField(el) ? '' : String((el as HTMLInputElement).value ?? '');
}
