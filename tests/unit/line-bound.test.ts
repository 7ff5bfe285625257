import { describe, expect, it } from 'vitest';
import { lineCostFor } from '../../src/snapshot/render/text';
import { lineBoundFor } from '../../src/snapshot/render/line-bound';
import type { BuildNode } from '../../src/snapshot/tree';
import type { VirtualNode } from '../../src/types';

/** A deterministic pseudo-random sequence (the same nodes every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const TAGS = ['div', 'a', 'button', 'li', 'p', 'span', 'input', 'textarea', 'h2', 'my-élément', '#text', '#summary'];
const ROLES = [undefined, 'link', 'button', 'listitem', 'heading', 'list', 'region', 'paragraph', 'textbox', 'strong'];
const WORDS = ['Add', 'to', 'cart', 'café', 'say "hi"', 'back\\slash', 'two\nlines', '日本語', '😀', '⋯', '×', ''];

describe('lineBoundFor', () => {
  it('is at most the price of the line once described, and 0 exactly when it is', () => {
    const rand = rng(35);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
    for (const max of [200, 40, 0]) {
      const bound = lineBoundFor(max);
      const cost = lineCostFor(max);
      for (let n = 0; n < 3000; n++) {
        const vn: VirtualNode = { node_id: 'nv_' + n.toString(36), tag: pick(TAGS), visible: true };
        const role = pick(ROLES);
        if (role) vn.role = role;
        if (role === 'heading' && rand() < 0.8) vn.level = 1 + Math.floor(rand() * 7);
        if (rand() < 0.4) {
          vn.actionable = true;
          if (rand() < 0.3) vn.reason = pick(['contenteditable', 'tabindex', 'draggable', 'listener']);
        }
        if (rand() < 0.5) vn.name = words(1 + Math.floor(rand() * 4));
        if (rand() < 0.6) vn.text = rand() < 0.2 ? 'long '.repeat(60) : rand() < 0.2 && vn.name ? vn.name : words(3);
        if (rand() < 0.1) vn.hint = words(1);
        if (rand() < 0.05) vn.hidden = 'display:none';
        const node: BuildNode = { vn, children: [], block: n, top: 0, bottom: 10 };
        const low = bound(node);
        // Describing it later adds states, values and marks (classify/describe.ts completeNode).
        const full: VirtualNode = { ...vn };
        if (rand() < 0.5) full.checked = rand() < 0.5;
        if (rand() < 0.3) full.expanded = true;
        if (rand() < 0.3) full.disabled = true;
        if (rand() < 0.3) full.consequence = { newTab: true, host: 'example.org' };
        if (rand() < 0.3) full.computed = { visible: true, interactive: !!vn.actionable, offscreen: true };
        if (rand() < 0.2 && vn.role !== 'heading') full.level = 3;
        const exact = cost({ ...node, vn: full });
        expect(low, JSON.stringify(full)).toBeLessThanOrEqual(exact);
        expect(low > 0, JSON.stringify(vn)).toBe(cost(node) > 0);
        expect(low > 0).toBe(exact > 0);
        if (vn.tag === '#text' || vn.tag === '#summary') expect(low).toBe(cost(node));
      }
    }
  });
});
