// Declarative WebMCP tools: `<form toolname tooldescription [toolautosubmit]>` whose named
// controls are the tool's parameters (`toolparamdescription` describes one). They are DOM,
// so they are seen from any world — a content script's isolated world included. Calling
// one fills the form as a person would (native value setter, input and change events)
// and, when the form says `toolautosubmit`, submits it with requestSubmit() (validation
// and submit handlers run); otherwise the form is left filled for a person to submit.
import type { JsonSchema } from './schema';
import { fireEvent, fireInput, setNativeValue } from '../actions/events';
import { isArray } from '../dom/builtins';

/** Controls that are not parameters: buttons, files (a tool cannot carry files) and hidden fields. */
const NOT_PARAMETERS = /^(submit|reset|button|image|file|hidden)$/;

export function toolForms(doc: Document): HTMLFormElement[] {
  return Array.prototype.slice.call(doc.querySelectorAll('form[toolname]')) as HTMLFormElement[];
}

function parameterControls(form: HTMLFormElement): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  const out: (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] = [];
  const elements = form.elements;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i] as HTMLInputElement;
    if (!el.name || !/^(input|select|textarea)$/.test(el.localName)) continue;
    if (el.localName === 'input' && NOT_PARAMETERS.test(el.type)) continue;
    out.push(el);
  }
  return out;
}

/** The input schema a form tool declares through its named controls. */
export function formSchema(form: HTMLFormElement): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const el of parameterControls(form)) {
    const name = el.name;
    const description = el.getAttribute('toolparamdescription') ?? undefined;
    let prop: JsonSchema;
    if (el.localName === 'select') {
      const values = Array.prototype.map.call(
        (el as HTMLSelectElement).options,
        (o: HTMLOptionElement) => o.value,
      ) as string[];
      prop = (el as HTMLSelectElement).multiple
        ? { type: 'array', items: { type: 'string', enum: values } }
        : { type: 'string', enum: values };
    } else if (el.localName === 'input' && (el.type === 'number' || el.type === 'range')) prop = { type: 'number' };
    else if (el.localName === 'input' && el.type === 'checkbox') prop = { type: 'boolean' };
    else if (el.localName === 'input' && el.type === 'radio') {
      const prev = properties[name];
      prop = { type: 'string', enum: [...(prev?.enum ?? []), (el as HTMLInputElement).value] };
    } else prop = { type: 'string' };
    if (description) prop.description = description;
    else if (properties[name]?.description) prop.description = properties[name].description;
    properties[name] = prop;
    if (el.required && required.indexOf(name) < 0) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Fills the form's controls from `input` (already checked against formSchema). */
export function fillForm(form: HTMLFormElement, input: Record<string, unknown>): void {
  for (const el of parameterControls(form)) {
    if (!(el.name in input)) continue;
    const value = input[el.name];
    if (el.localName === 'input' && (el as HTMLInputElement).type === 'checkbox')
      setChecked(el as HTMLInputElement, value === true);
    else if (el.localName === 'input' && (el as HTMLInputElement).type === 'radio')
      setChecked(el as HTMLInputElement, (el as HTMLInputElement).value === value);
    else if (el.localName === 'select' && isArray(value)) {
      const options = (el as HTMLSelectElement).options;
      for (let i = 0; i < options.length; i++) options[i].selected = value.indexOf(options[i].value) >= 0;
      fireEvent(el, 'input');
      fireEvent(el, 'change');
    } else {
      setNativeValue(el, String(value));
      fireInput(el, 'input', 'insertReplacementText', String(value));
      fireEvent(el, 'change');
    }
  }
}

function setChecked(el: HTMLInputElement, checked: boolean): void {
  if (el.checked === checked) return;
  el.checked = checked;
  fireEvent(el, 'input');
  fireEvent(el, 'change');
}
