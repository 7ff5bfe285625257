import { describe, expect, it, beforeEach } from 'vitest';
import {
  getExplicitRole,
  getImplicitRole,
  getRole,
  isInteractiveRole,
  allowsNameFromContent,
} from '../../src/semantics';

function el(html: string, selector = '[data-t]'): Element {
  document.body.innerHTML = html;
  const found = document.querySelector(selector);
  if (!found) throw new Error('no element for ' + selector);
  return found;
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('explicit role', () => {
  it('takes the first valid token, lower-cased', () => {
    expect(getExplicitRole(el('<div data-t role="foo Button link"></div>'))).toBe('button');
  });
  it('ignores abstract and unknown roles', () => {
    expect(getExplicitRole(el('<div data-t role="widget"></div>'))).toBeNull();
    expect(getExplicitRole(el('<div data-t role="landmark command"></div>'))).toBeNull();
  });
  it('maps presentation to none', () => {
    expect(getExplicitRole(el('<div data-t role="presentation"></div>'))).toBe('none');
  });
  it('ignores none when focusable or with global aria attributes', () => {
    expect(getExplicitRole(el('<div data-t role="none" tabindex="0"></div>'))).toBeNull();
    expect(getExplicitRole(el('<button data-t role="none"></button>'))).toBeNull();
    expect(getExplicitRole(el('<div data-t role="none" aria-label="x"></div>'))).toBeNull();
    expect(getRole(el('<button data-t role="presentation">b</button>'))).toBe('button');
  });
  it('drops an unnamed region and orphaned listitem/option/treeitem (Chromium)', () => {
    expect(getRole(el('<div data-t role="region"></div>'))).toBeNull();
    expect(getRole(el('<div data-t role="region" aria-label="R"></div>'))).toBe('region');
    expect(getRole(el('<div data-t role="listitem"></div>'))).toBeNull();
    expect(getRole(el('<div role="list"><div><div data-t role="listitem"></div></div></div>'))).toBe('listitem');
    expect(getRole(el('<div role="listbox"><div data-t role="option"></div></div>'))).toBe('option');
    expect(getRole(el('<div data-t role="treeitem"></div>'))).toBeNull();
  });
});

describe('implicit role (HTML-AAM)', () => {
  const cases: [string, string | null][] = [
    ['<a data-t href="/">x</a>', 'link'],
    ['<a data-t>x</a>', null],
    ['<map><area data-t href="/"></map>', 'link'],
    ['<button data-t></button>', 'button'],
    ['<input data-t>', 'textbox'],
    ['<input data-t type="email">', 'textbox'],
    ['<input data-t type="tel">', 'textbox'],
    ['<input data-t type="url">', 'textbox'],
    ['<input data-t type="password">', 'textbox'],
    ['<input data-t list="d"><datalist id="d"></datalist>', 'combobox'],
    ['<input data-t type="search">', 'searchbox'],
    ['<input data-t type="number">', 'spinbutton'],
    ['<input data-t type="range">', 'slider'],
    ['<input data-t type="checkbox">', 'checkbox'],
    ['<input data-t type="radio">', 'radio'],
    ['<input data-t type="submit">', 'button'],
    ['<input data-t type="reset">', 'button'],
    ['<input data-t type="button">', 'button'],
    ['<input data-t type="image">', 'button'],
    ['<input data-t type="file">', 'button'],
    ['<input data-t type="hidden">', null],
    ['<select data-t></select>', 'combobox'],
    ['<select data-t multiple></select>', 'listbox'],
    ['<select data-t size="4"></select>', 'listbox'],
    ['<textarea data-t></textarea>', 'textbox'],
    ['<h1 data-t></h1>', 'heading'],
    ['<h6 data-t></h6>', 'heading'],
    ['<img data-t alt="x">', 'img'],
    ['<img data-t alt="">', 'none'],
    ['<img data-t alt="" title="t">', 'img'],
    ['<img data-t alt="" tabindex="0">', 'img'],
    ['<img data-t>', 'img'],
    ['<nav data-t></nav>', 'navigation'],
    ['<main data-t></main>', 'main'],
    ['<header data-t></header>', 'banner'],
    ['<footer data-t></footer>', 'contentinfo'],
    ['<article><header data-t></header></article>', null],
    ['<section><footer data-t></footer></section>', null],
    ['<div role="main"><header data-t></header></div>', null],
    ['<aside data-t></aside>', 'complementary'],
    ['<section data-t></section>', null],
    ['<section data-t aria-label="s"></section>', 'region'],
    ['<form data-t></form>', 'form'],
    ['<ul data-t></ul>', 'list'],
    ['<ol data-t></ol>', 'list'],
    ['<menu data-t></menu>', 'list'],
    ['<ul><li data-t></li></ul>', 'listitem'],
    ['<ul role="none"><li data-t></li></ul>', 'none'],
    ['<table data-t></table>', 'table'],
    ['<table><tr data-t><td></td></tr></table>', 'row'],
    ['<table><tr><td data-t></td></tr></table>', 'cell'],
    ['<table role="grid"><tr><td data-t></td></tr></table>', 'gridcell'],
    ['<table><tr><th data-t></th><th></th></tr></table>', 'columnheader'],
    ['<table><tr><th data-t></th><td></td></tr></table>', 'rowheader'],
    ['<table><tr><th data-t scope="row"></th></tr></table>', 'rowheader'],
    ['<table><thead data-t></thead></table>', 'rowgroup'],
    ['<dialog data-t></dialog>', 'dialog'],
    ['<details data-t></details>', 'group'],
    ['<details><summary data-t></summary></details>', 'button'],
    ['<fieldset data-t></fieldset>', 'group'],
    ['<hr data-t>', 'separator'],
    ['<progress data-t></progress>', 'progressbar'],
    ['<meter data-t></meter>', 'meter'],
    ['<output data-t></output>', 'status'],
    ['<select><option data-t></option></select>', 'option'],
    ['<select><optgroup data-t></optgroup></select>', 'group'],
    ['<article data-t></article>', 'article'],
    ['<p data-t></p>', 'paragraph'],
    ['<blockquote data-t></blockquote>', 'blockquote'],
    ['<figure data-t></figure>', 'figure'],
    ['<dl><dt data-t></dt></dl>', 'term'],
    ['<dl><dd data-t></dd></dl>', 'definition'],
    ['<dl data-t></dl>', null],
    ['<strong data-t></strong>', 'strong'],
    ['<em data-t></em>', 'emphasis'],
    ['<code data-t></code>', 'code'],
    ['<address data-t></address>', 'group'],
    ['<div data-t></div>', null],
    ['<span data-t></span>', null],
    ['<svg data-t></svg>', 'img'],
  ];
  for (const [html, role] of cases) {
    it(`${html} → ${role}`, () => {
      expect(getRole(el(html))).toBe(role);
    });
  }
  it('getImplicitRole ignores the role attribute', () => {
    expect(getImplicitRole(el('<button data-t role="tab"></button>'))).toBe('button');
    expect(getRole(el('<button data-t role="tab"></button>'))).toBe('tab');
  });
});

describe('role predicates', () => {
  it('interactive roles', () => {
    for (const r of [
      'button',
      'link',
      'checkbox',
      'radio',
      'textbox',
      'searchbox',
      'combobox',
      'listbox',
      'option',
      'menuitem',
      'menuitemcheckbox',
      'menuitemradio',
      'tab',
      'switch',
      'slider',
      'spinbutton',
      'treeitem',
    ]) {
      expect(isInteractiveRole(r)).toBe(true);
    }
    for (const r of [null, 'heading', 'list', 'img', 'navigation', 'toString', '__proto__'])
      expect(isInteractiveRole(r)).toBe(false);
  });
  it('name from content', () => {
    for (const r of ['button', 'link', 'heading', 'cell', 'tab', 'option', 'menuitem', 'checkbox', 'treeitem'])
      expect(allowsNameFromContent(r)).toBe(true);
    for (const r of [null, 'textbox', 'list', 'navigation', 'img', 'constructor'])
      expect(allowsNameFromContent(r)).toBe(false);
  });
});
