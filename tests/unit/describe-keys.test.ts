import { describe, expect, it } from 'vitest';
import { describeKept, walkFacts } from '../../src/snapshot/classify/describe';
import { scanAttributes, type Actionability } from '../../src/snapshot/classify/actionability';
import { resolveSnapshotOptions } from '../../src/options';
import { getRole } from '../../src/semantics';

// completeNode keeps the fields later passes add after the ones describing a node gives; it
// knows which those are by the count describeHead keeps (NodeFacts.keys), not by counting keys.
describe('describeKept', () => {
  it('counts the fields it gives a node', () => {
    const cases: [string, Actionability | null][] = [
      ['<a data-t href="/x">Docs</a>', { tier: 1, reason: 'native', focusable: true }],
      ['<a data-t href="/x"></a>', { tier: 1, reason: 'native', focusable: true }],
      ['<button data-t aria-label="Close">x</button>', { tier: 1, reason: 'native', focusable: true }],
      ['<div data-t role="option">Rating</div>', { tier: 1, reason: 'role', focusable: false }],
      ['<span data-t role="  ">x</span>', { tier: 2, reason: 'role', focusable: false }],
      ['<div data-t>Open</div>', { tier: 2, reason: 'onclick', focusable: false }],
      ['<ul data-t><li>a</li></ul>', null],
      ['<nav data-t aria-label="Main">a</nav>', null],
      ['<div data-t>Open</div>', { tier: 3, focusable: false }],
    ];
    const options = resolveSnapshotOptions({});
    for (const [html, act] of cases) {
      document.body.innerHTML = html;
      const el = document.querySelector('[data-t]')!;
      const scan = { ...scanAttributes(el) };
      const facts = walkFacts(el, scan, options);
      const rect = { left: 0, top: 0, right: 10, bottom: 10, width: 10, height: 10 };
      const style = getComputedStyle(el);
      const vn = describeKept(facts, el, el.localName, getRole(el), scan, style, style.display, act, false, rect);
      // Each of these waits for its line (a field, a heading or a focused element would not).
      expect(facts.pending?.keys, html).toBe(Object.keys(vn).length);
    }
  });
});
