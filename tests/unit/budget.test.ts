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

describe('applyBudget with lower bounds (lines described late)', () => {
  /** A deterministic pseudo-random sequence (no Math.random: the same trees every run). */
  function rng(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  /** A page: sections of paragraphs and links, some long runs of look-alike cards. */
  function page(rand: () => number): BuildNode[] {
    const sections: BuildNode[] = [];
    let y = 0;
    for (let s = 0; s < 3 + Math.floor(rand() * 5); s++) {
      const items: BuildNode[] = [];
      const run = rand() < 0.5 ? 14 + Math.floor(rand() * 30) : 0;
      for (let i = 0; i < run; i++) {
        y += 40;
        const link = node({ tag: 'a', role: 'link', name: 'Card ' + i, actionable: true }, [], y);
        items.push(node({ tag: 'li', role: 'listitem' }, [link], y));
      }
      for (let i = 0; i < 5 + Math.floor(rand() * 40); i++) {
        y += 30;
        items.push(
          rand() < 0.5
            ? node({ tag: '#text', text: 'Text ' + i }, [], y)
            : node({ tag: 'button', role: 'button', name: 'B' + i, actionable: true }, [], y),
        );
      }
      sections.push(node({ tag: 'section', role: 'region', name: 'S' + s }, items, y));
    }
    return sections;
  }

  function shape(roots: BuildNode[]): string {
    const out: string[] = [];
    const walk = (list: BuildNode[], depth: number) => {
      for (const n of list) {
        out.push(' '.repeat(depth) + n.vn.node_id + (n.vn.text && n.vn.tag === '#summary' ? ' ' + n.vn.text : ''));
        walk(n.children, depth + 1);
      }
    };
    walk(roots, 0);
    return out.join('\n');
  }

  /**
   * One seeded run's inputs: two identical pages (one per applyBudget call: it rewrites its
   * tree), a token budget, and per line an exact price and a lower bound of it that equals the
   * price with probability `exactShare` (most completions add nothing a line shows).
   */
  function pricedPages(seed: number, priceSeed: number, exactShare: number) {
    const rand = rng(seed);
    seq = 0;
    const a = page(rand);
    seq = 0;
    const b = page(rng(seed));
    const exactOf = new Map<string, number>();
    const boundOf = new Map<string, number>();
    const prices = rng(priceSeed);
    const price = (n: BuildNode): number => {
      const id = n.vn.node_id;
      if (!exactOf.has(id)) {
        const exact = n.vn.tag === '#summary' ? 12 : 3 + Math.floor(prices() * 40);
        exactOf.set(id, exact);
        boundOf.set(id, prices() < exactShare ? exact : Math.max(1, Math.floor(exact * prices())));
      }
      return exactOf.get(id)!;
    };
    const budget = { ...opts, tokenBudget: 300 + Math.floor(rand() * 1500), lineCost: price };
    return { a, b, exactOf, boundOf, price, budget };
  }

  /** The ids of the lines a shape holds. */
  function idsIn(roots: BuildNode[]): Set<string> {
    return new Set(
      shape(roots)
        .split('\n')
        .map((l) => l.trim().split(' ')[0]),
    );
  }

  it('chooses exactly what exact prices choose, and prices exactly few of the lines it drops', () => {
    let sameRuns = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { a, b, exactOf, boundOf, price, budget } = pricedPages(seed, seed * 7919, 0.5);
      const plain = applyBudget(a, viewport, budget);
      const described = new Set<string>();
      // A node's price is a lower bound of its final one until it is completed.
      const pending = (n: BuildNode) => n.vn.tag !== '#summary' && !described.has(n.vn.node_id);
      const late = applyBudget(b, viewport, {
        ...budget,
        lineCost: (n) => (price(n), pending(n) ? boundOf.get(n.vn.node_id)! : exactOf.get(n.vn.node_id)!),
        pending,
        complete: (n) => {
          described.add(n.vn.node_id);
          return boundOf.get(n.vn.node_id) !== exactOf.get(n.vn.node_id);
        },
      });
      expect(shape(late.roots), `seed ${seed}`).toBe(shape(plain.roots));
      expect(late.notes).toEqual(plain.notes);
      const kept = idsIn(late.roots);
      let wasted = 0;
      described.forEach((id) => {
        if (!kept.has(id)) wasted++;
      });
      if (plain.truncated && wasted < described.size / 2) sameRuns++;
    }
    // The bounds settle most choices: most runs describe mainly what they keep.
    expect(sameRuns).toBeGreaterThan(20);
  });

  it('with a bound for every line, chooses what exact prices choose and formats few dropped lines', () => {
    let fewRuns = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { a, b, exactOf, boundOf, price, budget } = pricedPages(seed, seed * 104729, 0.3);
      const plain = applyBudget(a, viewport, budget);
      const formatted = new Set<string>();
      const described = new Set<string>();
      const late = applyBudget(b, viewport, {
        ...budget,
        lineCost: (n) => (formatted.add(n.vn.node_id), price(n)),
        lineBound: (n) => (price(n), boundOf.get(n.vn.node_id)!),
        pending: (n) => n.vn.tag !== '#summary' && !described.has(n.vn.node_id),
        complete: (n) => (described.add(n.vn.node_id), true),
      });
      expect(shape(late.roots), `seed ${seed}`).toBe(shape(plain.roots));
      expect(late.notes).toEqual(plain.notes);
      const kept = idsIn(late.roots);
      let wasted = 0;
      formatted.forEach((id) => {
        if (!kept.has(id)) wasted++;
      });
      described.forEach((id) => expect(formatted.has(id)).toBe(true));
      if (plain.truncated && wasted < exactOf.size / 4) fewRuns++;
    }
    // Truncated runs format mainly the lines they keep, not every line of the page.
    expect(fewRuns).toBeGreaterThan(20);
  });
});
