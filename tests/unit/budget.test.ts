import { describe, expect, it } from 'vitest';
import { applyBudget } from '../../src/snapshot/distill/budget';
import type { BuildNode } from '../../src/snapshot/tree';
import { lineCostFor } from '../../src/snapshot/render/text';

let seq = 0;
function node(partial: Partial<BuildNode['vn']>, children: BuildNode[] = [], top = 0): BuildNode {
  seq++;
  return {
    vn: { node_id: 'nv_' + seq, tag: 'div', visible: true, ...partial },
    children,
    block: seq,
    top,
    bottom: top + 20,
  };
}
const viewport = { left: 0, top: 0, right: 1280, bottom: 720 };
const opts = {
  maxNodes: 1500,
  maxDepth: 60,
  tokenBudget: 4000,
  summarizeThreshold: 12,
  summarizeKeep: 8,
  lineCost: lineCostFor(200),
};

describe('applyBudget', () => {
  it('leaves a tree that fits untouched', () => {
    const roots = [node({ tag: 'button', role: 'button', name: 'OK', actionable: true })];
    const out = applyBudget(roots, viewport, opts);
    expect(out.truncated).toBe(false);
    expect(out.roots).toHaveLength(1);
  });

  it('keeps interactive elements in the viewport first and marks what it cut', () => {
    const items: BuildNode[] = [];
    for (let i = 0; i < 400; i++) {
      items.push(
        node(
          { tag: '#text', text: 'Paragraph number ' + i + ' '.repeat(1) + 'lorem ipsum dolor sit amet '.repeat(6) },
          [],
          i * 50,
        ),
      );
      items.push(node({ tag: 'a', role: 'link', name: 'Link ' + i, actionable: true }, [], i * 50 + 20));
    }
    const main = node({ tag: 'main', role: 'main' }, items);
    const out = applyBudget([main], viewport, opts);
    expect(out.truncated).toBe(true);
    const kept = out.roots[0].children;
    expect(kept.length).toBeGreaterThan(10);
    const names = kept.filter((n) => n.vn.actionable).map((n) => n.vn.name);
    expect(names).toContain('Link 0');
    expect(names).toContain('Link 10');
    expect(kept.some((n) => n.vn.tag === '#summary')).toBe(true);
  });
});
