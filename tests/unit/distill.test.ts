import { describe, expect, it } from 'vitest';
import { flattenList } from '../../src/snapshot/distill/flatten';
import { summarizeRepeats } from '../../src/snapshot/distill/summarize';
import type { BuildNode } from '../../src/snapshot/tree';
import type { VirtualNode } from '../../src/types';

let seq = 0;
function n(vn: Partial<VirtualNode>, children: BuildNode[] = []): BuildNode {
  seq++;
  return { vn: { node_id: 'nv_' + seq, tag: 'div', visible: true, ...vn }, children, block: seq, top: 0, bottom: 10 };
}
function text(raw: string, block?: number): BuildNode {
  const node = n({ tag: '#text' });
  node.raw = raw;
  if (block !== undefined) node.block = block;
  return node;
}
const shape = (nodes: BuildNode[]): unknown[] =>
  nodes.map((x) =>
    x.vn.tag === '#text'
      ? x.vn.text
      : {
          [x.vn.role ?? x.vn.tag]: x.vn.name ?? x.vn.text ?? '',
          ...(x.children.length ? { c: shape(x.children) } : {}),
        },
  );

describe('flatten (S1)', () => {
  it('hoists unnamed structural nodes and keeps semantic containers', () => {
    const tree = [
      n({ tag: 'div' }, [
        n({ tag: 'form', role: 'form' }, [
          n({ tag: 'div', role: 'group' }, [n({ tag: 'input', role: 'textbox', name: 'Email', actionable: true })]),
          n({ tag: 'button', role: 'button', name: 'Send', actionable: true }),
        ]),
      ]),
    ];
    expect(shape(flattenList(tree))).toEqual([{ form: '', c: [{ textbox: 'Email' }, { button: 'Send' }] }]);
  });

  it('normalizes text runs and drops whitespace-only ones', () => {
    const out = flattenList([n({ tag: 'main', role: 'main' }, [text('  Hello\n   world  '), text('   ')])]);
    expect(out[0].vn.text ?? shape(out[0].children)).toEqual('Hello world');
  });

  it('drops text that repeats the name of its control', () => {
    const link = n({ tag: 'a', role: 'link', name: 'Home', actionable: true }, [text('Home')]);
    const out = flattenList([link]);
    expect(out[0].children).toHaveLength(0);
    expect(out[0].vn.text).toBeUndefined();
  });

  it('lets a list item carry its leading text and keeps its controls as children', () => {
    const item = n({ tag: 'li', role: 'listitem' }, [
      text('Tent $249'),
      n({ tag: 'button', role: 'button', name: 'Remove', actionable: true }),
    ]);
    const out = flattenList([n({ tag: 'ul', role: 'list' }, [item])]);
    expect(shape(out)).toEqual([{ list: '', c: [{ listitem: 'Tent $249', c: [{ button: 'Remove' }] }] }]);
  });

  it('removes empty structure but keeps empty controls', () => {
    const out = flattenList([
      n({ tag: 'ul', role: 'list' }),
      n({ tag: 'img', role: 'img' }),
      n({ tag: 'button', role: 'button', actionable: true }),
    ]);
    expect(shape(out)).toEqual([{ button: '' }]);
  });

  it('cuts text over 500 characters and marks it', () => {
    const out = flattenList([
      n({ tag: 'main', role: 'main' }, [text('word '.repeat(200)), n({ tag: 'hr', role: 'separator' })]),
    ]);
    const run = out[0].children[0];
    expect(run.vn.text!.length).toBeLessThanOrEqual(500);
    expect(run.vn.text!.endsWith('…')).toBe(true);
    expect(run.vn.text_overflow).toBe(true);
  });

  it('drops the text of a label whose control carries the name', () => {
    const label = n({ tag: 'label' }, [
      text('Remember me'),
      n({ tag: 'input', role: 'checkbox', name: 'Remember me', actionable: true }),
    ]);
    label.redundantText = true;
    expect(shape(flattenList([label]))).toEqual([{ checkbox: 'Remember me' }]);
  });

  it('handles a 10,000-deep chain without recursion', () => {
    let node = n({ tag: 'button', role: 'button', name: 'Deep', actionable: true });
    for (let i = 0; i < 10_000; i++) node = n({ tag: 'div' }, [node]);
    const out = flattenList([node]);
    expect(shape(out)).toEqual([{ button: 'Deep' }]);
  });
});

describe('summaries (S9)', () => {
  it('summarizes long runs of look-alike siblings deterministically', () => {
    const make = () => [
      n(
        { tag: 'ul', role: 'list' },
        Array.from({ length: 120 }, (_, i) => n({ tag: 'li', role: 'listitem', text: 'Product ' + i })),
      ),
    ];
    const a = make();
    const removed = summarizeRepeats(a, { threshold: 12, keep: 8 });
    expect(removed).toBe(112);
    const items = a[0].children;
    expect(items).toHaveLength(9);
    expect(items[8].vn.tag).toBe('#summary');
    expect(items[8].vn.text).toBe('List of 120 listitem items. Showing first 8; 112 more.');
    expect(items[8].vn.summary).toEqual({ total: 120, shown: 8, label: 'listitem items' });
    const b = make();
    summarizeRepeats(b, { threshold: 12, keep: 8 });
    expect(b[0].children.map((x) => x.vn.text)).toEqual(items.map((x) => x.vn.text));
  });

  it('leaves short or mixed runs alone', () => {
    const kids = Array.from({ length: 30 }, (_, i) =>
      i % 2 ? n({ tag: 'p', text: 'p' + i }) : n({ tag: 'h3', role: 'heading', name: 'h' + i }),
    );
    const roots = [n({ tag: 'main', role: 'main' }, kids)];
    expect(summarizeRepeats(roots, { threshold: 12, keep: 8 })).toBe(0);
    expect(roots[0].children).toHaveLength(30);
  });
});
