import { describe, expect, it } from 'vitest';
import { renderText, formatLine } from '../../src/snapshot/render/text';
import { buildPayload, toVirtualNode } from '../../src/snapshot/render/json';
import type { BuildNode } from '../../src/snapshot/tree';
import type { PageContext, SnapshotMeta, VirtualNode } from '../../src/types';

let seq = 0;
function n(vn: Partial<VirtualNode>, children: BuildNode[] = []): BuildNode {
  seq++;
  return {
    vn: { node_id: 'nv_' + seq.toString(36), tag: 'div', visible: true, ...vn },
    children,
    block: seq,
    top: 0,
    bottom: 10,
  };
}
const context: PageContext = {
  url: 'https://shop.test/cart',
  title: 'Cart',
  domain: 'shop.test',
  viewport: { width: 1280, height: 720 },
  scroll: { x: 0, y: 0, width: 1280, height: 3000 },
};
const meta = (truncated = false): SnapshotMeta => ({
  version: 'domtool.v1',
  truncated,
  totalNodes: 10,
  emittedNodes: 5,
  interactiveNodes: 2,
  timings: { buildMs: 1 },
  takenAt: 0,
});
const ctx = { ordered: false, ordinal: 1, maxTextLength: 200, includeHrefs: false };

describe('text rendering (S10)', () => {
  it('puts ids only on actionable lines, with role, quoted name and bracketed attributes', () => {
    expect(
      formatLine(
        n({
          node_id: 'nv_k3x9a2',
          tag: 'button',
          role: 'button',
          name: 'Add to cart',
          actionable: true,
          disabled: true,
        }),
        ctx,
      ),
    ).toBe('nv_k3x9a2 button "Add to cart" [disabled]');
    expect(
      formatLine(
        n({
          node_id: 'nv_1k9x2',
          tag: 'input',
          role: 'textbox',
          name: 'Email',
          actionable: true,
          value: 'a@b.c',
          required: true,
          inputType: 'email',
        }),
        ctx,
      ),
    ).toBe('nv_1k9x2 textbox "Email" [value="a@b.c" type=email required]');
    expect(formatLine(n({ tag: 'h2', role: 'heading', level: 2, name: 'Shipping' }), ctx)).toBe('h2 "Shipping"');
    expect(formatLine(n({ tag: '#text', text: 'Plain words' }), ctx)).toBe('Plain words');
  });

  it('keeps a value exactly, trailing space included, and escapes quotes', () => {
    expect(formatLine(n({ tag: 'input', role: 'textbox', name: 'Say "hi"', actionable: true, value: 'x ' }), ctx)).toBe(
      'nv_' + seq.toString(36) + ' textbox "Say \\"hi\\"" [value="x "]',
    );
  });

  it('shows states: checked / mixed / collapsed / offscreen', () => {
    const line = formatLine(
      n({
        tag: 'input',
        role: 'checkbox',
        name: 'All',
        actionable: true,
        checked: 'mixed',
        computed: { offscreen: true },
      }),
      ctx,
    );
    expect(line).toMatch(/checkbox "All" \[checked=mixed offscreen\]$/);
    expect(
      formatLine(n({ tag: 'button', role: 'button', name: 'Menu', actionable: true, expanded: false }), ctx),
    ).toMatch(/\[collapsed\]$/);
  });

  it('names a nameless control with its hint, and a custom clickable with its text', () => {
    expect(formatLine(n({ tag: 'button', role: 'button', actionable: true, hint: 'trash' }), ctx)).toMatch(
      /button \[hint="trash"\]$/,
    );
    expect(
      formatLine(n({ tag: 'div', actionable: true, tier: 2, reason: 'onclick', text: 'Apply coupon' }), ctx),
    ).toMatch(/clickable: Apply coupon$/);
  });

  it('shows the tag when the role hides a difference that matters', () => {
    expect(formatLine(n({ tag: 'a', role: 'button', name: 'Buy', actionable: true }), ctx)).toMatch(
      /button "Buy" \[tag=a\]$/,
    );
    expect(formatLine(n({ tag: 'textarea', role: 'textbox', name: 'Notes', actionable: true }), ctx)).toMatch(
      /\[multiline\]$/,
    );
  });

  it('renders a page: header, indentation, bullets, frames, shadow roots and the truncation note', () => {
    const body = n({ tag: 'body' }, [
      n({ tag: 'nav', role: 'navigation', name: 'Main' }, [
        n({ node_id: 'nv_a', tag: 'a', role: 'link', name: 'Home', actionable: true }),
      ]),
      n({ tag: 'ol', role: 'list' }, [
        n({ tag: 'li', role: 'listitem', text: 'first' }),
        n({ tag: 'li', role: 'listitem', text: 'second' }),
      ]),
    ]);
    const frame = n({ tag: 'iframe', role: 'iframe', frameSrc: '/pay.html' });
    frame.frame = [n({ node_id: 'nv_p', tag: 'button', role: 'button', name: 'Pay', actionable: true })];
    const host = n({ tag: 'x-card' });
    host.shadow = [n({ node_id: 'nv_s', tag: 'button', role: 'button', name: 'Inside', actionable: true })];
    const cross = n({
      tag: 'iframe',
      role: 'iframe',
      frameSrc: 'https://ads.test/',
      crossOrigin: true,
      text: 'Cross-origin iframe: content not accessible',
    });
    body.children.push(frame, host, cross);
    const text = renderText({ context, roots: [body], meta: meta(true), omittedNotes: ['token budget 4000'] });
    expect(text.split('\n')).toEqual([
      '# page "Cart" https://shop.test/cart | viewport 1280x720 scroll 0,0 of 1280x3000',
      'navigation "Main"',
      '  nv_a link "Home"',
      '1. first',
      '2. second',
      'iframe [src=/pay.html]',
      '  nv_p button "Pay"',
      'x-card',
      '  nv_s button "Inside"',
      'iframe [src=https://ads.test/ cross-origin]: Cross-origin iframe: content not accessible',
      '# truncated: token budget 4000',
    ]);
  });
});

describe('compact lines', () => {
  it('renders a simple table row on one line, controls included', () => {
    const row = n({ tag: 'tr', role: 'row' }, [
      n({ tag: 'td', role: 'cell' }, [
        n({ node_id: 'nv_c', tag: 'input', role: 'checkbox', name: 'Select 7', actionable: true, checked: true }),
      ]),
      n({ tag: 'td', role: 'cell', text: 'Acme' }),
      n({ tag: 'td', role: 'cell' }, [n({ node_id: 'nv_l', tag: 'a', role: 'link', name: '#7', actionable: true })]),
    ]);
    const text = renderText(
      { context, roots: [n({ tag: 'table', role: 'table', name: 'Orders' }, [row])], meta: meta(), omittedNotes: [] },
      { header: false },
    );
    expect(text).toBe(['table "Orders"', '  row: nv_c checkbox "Select 7" [checked] | Acme | [#7](nv_l)'].join('\n'));
  });

  it("puts a list item's leading link on its line and nests the rest", () => {
    const item = n({ tag: 'li', role: 'listitem' }, [
      n({ node_id: 'nv_h', tag: 'a', role: 'link', name: 'History', actionable: true }),
      n({ tag: 'ul', role: 'list' }, [
        n({ tag: 'li', role: 'listitem' }, [
          n({ node_id: 'nv_e', tag: 'a', role: 'link', name: 'Early years', actionable: true }),
        ]),
      ]),
    ]);
    const text = renderText(
      { context, roots: [n({ tag: 'ul', role: 'list' }, [item])], meta: meta(), omittedNotes: [] },
      { header: false },
    );
    expect(text).toBe(['- [History](nv_h)', '  - [Early years](nv_e)'].join('\n'));
  });
});

describe('JSON payload (S10)', () => {
  it('uses seed 001 field names and nests shadow / iframe content', () => {
    const host = n({ node_id: 'nv_h', tag: 'x-card' });
    host.shadow = [n({ node_id: 'nv_s', tag: 'button', role: 'button', name: 'Inside', actionable: true })];
    const frame = n({ node_id: 'nv_f', tag: 'iframe', frameSrc: '/f.html' });
    frame.frame = [n({ node_id: 'nv_t', tag: '#text', text: 'Hi' })];
    const body = n({ node_id: 'nv_b', tag: 'body' }, [host, frame]);
    const vn = toVirtualNode(body, {});
    const payload = buildPayload(context, vn, meta());
    expect(payload.page.meta.version).toBe('domtool.v1');
    expect(payload.page.context.domain).toBe('shop.test');
    expect(payload.page.body.children![0].shadowDom![0]).toMatchObject({
      node_id: 'nv_s',
      tag: 'button',
      role: 'button',
      name: 'Inside',
      actionable: true,
    });
    expect(payload.page.body.children![1].iframe![0]).toMatchObject({ node_id: 'nv_t', text: 'Hi' });
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
  });
});
