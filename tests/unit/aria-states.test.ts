import { describe, expect, it } from 'vitest';
import { getAriaStates, getRole, isDisabled, writeAriaStates } from '../../src/semantics';

function states(html: string, selector = '[data-t]') {
  document.body.innerHTML = html;
  const el = document.querySelector(selector)!;
  return getAriaStates(el, getRole(el));
}
function disabled(html: string, selector = '[data-t]') {
  document.body.innerHTML = html;
  return isDisabled(document.querySelector(selector)!);
}

describe('disabled', () => {
  it('native disabled', () => {
    expect(disabled('<button data-t disabled></button>')).toBe(true);
    expect(disabled('<input data-t disabled>')).toBe(true);
    expect(disabled('<button data-t></button>')).toBe(false);
    expect(disabled('<div data-t disabled></div>')).toBe(false);
  });
  it('fieldset[disabled] and its first legend exception', () => {
    expect(disabled('<fieldset disabled><input data-t></fieldset>')).toBe(true);
    expect(disabled('<fieldset disabled><legend><input data-t></legend></fieldset>')).toBe(false);
    expect(disabled('<fieldset disabled><legend>a</legend><legend><input data-t></legend></fieldset>')).toBe(true);
    expect(disabled('<fieldset disabled><fieldset><legend><input data-t></legend></fieldset></fieldset>')).toBe(true);
  });
  it('options in disabled optgroup / select', () => {
    expect(disabled('<select><optgroup disabled><option data-t>a</option></optgroup></select>')).toBe(true);
    expect(disabled('<select disabled><option data-t>a</option></select>')).toBe(true);
  });
  it('aria-disabled inherited from ancestors, stopped by aria-disabled=false', () => {
    expect(disabled('<div aria-disabled="true"><div><span data-t role="button">x</span></div></div>')).toBe(true);
    expect(disabled('<div aria-disabled="true"><div aria-disabled="false"><span data-t>x</span></div></div>')).toBe(
      false,
    );
    expect(states('<div data-t role="button" aria-disabled="true"></div>').disabled).toBe(true);
  });
});

describe('checked / selected / pressed / expanded', () => {
  it('native checkbox and radio', () => {
    expect(states('<input data-t type="checkbox" checked>').checked).toBe(true);
    expect(states('<input data-t type="checkbox">').checked).toBe(false);
    expect(states('<input data-t type="radio" checked>').checked).toBe(true);
    document.body.innerHTML = '<input data-t type="checkbox">';
    const cb = document.querySelector('input')!;
    cb.indeterminate = true;
    expect(getAriaStates(cb, 'checkbox').checked).toBe('mixed');
  });
  it('aria-checked on roles', () => {
    expect(states('<div data-t role="checkbox" aria-checked="mixed"></div>').checked).toBe('mixed');
    expect(states('<div data-t role="switch" aria-checked="true"></div>').checked).toBe(true);
    expect(states('<div data-t role="radio"></div>').checked).toBe(false);
    expect(states('<div data-t role="button" aria-checked="true"></div>').checked).toBeUndefined();
  });
  it('selected', () => {
    expect(states('<select><option>a</option><option data-t selected>b</option></select>').selected).toBe(true);
    expect(states('<select><option>a</option><option data-t>b</option></select>').selected).toBeUndefined();
    expect(states('<div role="tablist"><div data-t role="tab" aria-selected="true"></div></div>').selected).toBe(true);
  });
  it('pressed', () => {
    expect(states('<button data-t aria-pressed="true"></button>').pressed).toBe(true);
    expect(states('<button data-t aria-pressed="mixed"></button>').pressed).toBe('mixed');
    expect(states('<button data-t aria-pressed="false"></button>').pressed).toBe(false);
    expect(states('<button data-t></button>').pressed).toBeUndefined();
  });
  it('expanded: aria-expanded and details/summary', () => {
    expect(states('<button data-t aria-expanded="true"></button>').expanded).toBe(true);
    expect(states('<button data-t aria-expanded="false"></button>').expanded).toBe(false);
    expect(states('<details open><summary data-t>s</summary></details>').expanded).toBe(true);
    expect(states('<details><summary data-t>s</summary></details>').expanded).toBe(false);
    expect(states('<button data-t></button>').expanded).toBeUndefined();
  });
});

describe('required / readonly / invalid / haspopup / current / multiselectable', () => {
  it('native and aria', () => {
    expect(states('<input data-t required>').required).toBe(true);
    expect(states('<select data-t required></select>').required).toBe(true);
    expect(states('<div data-t role="textbox" aria-required="true"></div>').required).toBe(true);
    expect(states('<input data-t readonly>').readonly).toBe(true);
    expect(states('<input data-t type="checkbox" readonly>').readonly).toBeUndefined();
    expect(states('<div data-t role="textbox" aria-readonly="true"></div>').readonly).toBe(true);
    expect(states('<input data-t aria-invalid="true">').invalid).toBe(true);
    expect(states('<input data-t aria-invalid="spelling">').invalid).toBe('spelling');
    expect(states('<input data-t aria-invalid="false">').invalid).toBeUndefined();
    expect(states('<button data-t aria-haspopup="true"></button>').haspopup).toBe('menu');
    expect(states('<button data-t aria-haspopup="dialog"></button>').haspopup).toBe('dialog');
    expect(states('<a data-t href="#" aria-current="page">x</a>').current).toBe('page');
    expect(states('<a data-t href="#" aria-current="false">x</a>').current).toBeUndefined();
    expect(states('<select data-t multiple></select>').multiselectable).toBe(true);
    expect(states('<div data-t role="listbox" aria-multiselectable="true"></div>').multiselectable).toBe(true);
  });
  it('only meaningful fields are set', () => {
    expect(states('<button data-t>x</button>')).toEqual({});
    expect(states('<div data-t>x</div>')).toEqual({});
  });
});

describe('level and values', () => {
  it('heading level', () => {
    expect(states('<h3 data-t>x</h3>').level).toBe(3);
    expect(states('<h3 data-t aria-level="5">x</h3>').level).toBe(5);
    expect(states('<div data-t role="heading">x</div>').level).toBe(2);
    expect(states('<div data-t role="heading" aria-level="4">x</div>').level).toBe(4);
  });
  it('range widgets', () => {
    expect(states('<input data-t type="range" min="1" max="9" value="4">')).toMatchObject({
      valuemin: 1,
      valuemax: 9,
      valuenow: 4,
    });
    expect(states('<div data-t role="slider" aria-valuenow="30" aria-valuetext="30%"></div>')).toMatchObject({
      valuemin: 0,
      valuemax: 100,
      valuenow: 30,
      valuetext: '30%',
    });
    expect(states('<progress data-t value="3" max="10"></progress>')).toMatchObject({
      valuemin: 0,
      valuemax: 10,
      valuenow: 3,
    });
    expect(states('<input data-t type="number" value="12">')).toMatchObject({ valuenow: 12 });
  });
});

describe('focused', () => {
  it('activeElement, deep through shadow roots', () => {
    document.body.innerHTML = '<input id="a"><div id="host"></div>';
    const a = document.getElementById('a')!;
    a.focus();
    expect(getAriaStates(a, 'textbox').focused).toBe(true);
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<button id="inner">in</button>';
    const inner = root.getElementById('inner')!;
    inner.focus();
    expect(getAriaStates(inner, 'button').focused).toBe(true);
    expect(getAriaStates(a, 'textbox').focused).toBeUndefined();
  });
});

describe('states of an element without aria-* state attributes', () => {
  // The snapshot skips the aria-* reads when its attribute scan saw none (getAriaStates(…, false)):
  // the native states must come out the same as with every attribute read.
  it.each([
    '<input data-t type=checkbox checked required>',
    '<input data-t type=range min=2 max=8 value=5>',
    '<h3 data-t>Title</h3>',
    '<select data-t multiple><option>a</option></select>',
    '<details open><summary data-t>More</summary></details>',
    '<input data-t list=l role=combobox><datalist id=l></datalist>',
    '<textarea data-t readonly></textarea>',
    '<progress data-t max=10 value=3></progress>',
    '<fieldset disabled><button data-t>Go</button></fieldset>',
  ])('%s', (html) => {
    document.body.innerHTML = html;
    const el = document.querySelector('[data-t]')!;
    expect(getAriaStates(el, getRole(el), {}, false)).toEqual(getAriaStates(el, getRole(el)));
  });
});

describe('writeAriaStates', () => {
  it('returns how many states it wrote, each a field the object did not have', () => {
    const cases = [
      '<button data-t disabled aria-expanded="true" aria-haspopup="menu"></button>',
      '<input data-t type="checkbox" checked required readonly>',
      '<input data-t type="range" min="2" max="8" value="5" aria-valuetext="five">',
      '<select data-t multiple required><option>a</option></select>',
      '<div data-t role="slider" aria-valuenow="3" aria-invalid="spelling" aria-current="page"></div>',
      '<h3 data-t>t</h3>',
      '<div data-t role="option" aria-selected="true" aria-level="2" aria-pressed="mixed"></div>',
      '<a data-t href="/x">x</a>',
      '<progress data-t value="0.5"></progress>',
    ];
    for (const html of cases) {
      document.body.innerHTML = html;
      const el = document.querySelector('[data-t]')!;
      const out = {};
      const n = writeAriaStates(el, getRole(el), out, true, false);
      expect(n, html).toBe(Object.keys(out).length);
      expect(out, html).toEqual(getAriaStates(el, getRole(el)));
    }
  });
});
