// Pure logic of the extension service: scoped ids, the frame registry's life cycle,
// and grafting child-frame answers into the parent's snapshot (JSON and text).
import { describe, expect, it } from 'vitest';
import { FrameRegistry, framePrefix, parseScopedId, plainIdsInText } from '../../src/extension/scoped-ids';
import { graftText, graftTree, prefixIdsDeep, treeIds } from '../../src/extension/assemble';
import { restrictedReason } from '../../src/extension/service';
import { FRAME_SLOT } from '../../src/integration/frames';
import type { VirtualNode } from '../../src/types';

describe('scoped ids', () => {
  it('parses frame-scoped and plain ids', () => {
    expect(parseScopedId('f12:nv_k3x9')).toEqual({ frame: 12, local: 'nv_k3x9' });
    expect(parseScopedId('nv_k3x9')).toEqual({ frame: 0, local: 'nv_k3x9' });
    expect(parseScopedId('fx:nv_1')).toEqual({ frame: 0, local: 'fx:nv_1' });
    expect(framePrefix(0)).toBe('');
    expect(framePrefix(3)).toBe('f3:');
  });

  it('finds only main-frame ids in a text snapshot', () => {
    expect(plainIdsInText('nv_a1 button "A"\n  f2:nv_b2 textbox "B"\n- [Docs](nv_c3) and f3:nv_d4')).toEqual([
      'nv_a1',
      'nv_c3',
    ]);
  });
});

describe('FrameRegistry', () => {
  it('numbers documents, not frame slots: a navigated frame gets a new number and its old one is gone', () => {
    const r = new FrameRegistry();
    const a = r.frameNumber(7, 3, 'docA', 'https://pay.example/form');
    expect(r.frameNumber(7, 3, 'docA', 'https://pay.example/form')).toBe(a);
    r.committed(7, 3, 'docB');
    expect(r.frame(a)?.gone).toBe('navigated');
    const b = r.frameNumber(7, 3, 'docB', 'https://pay.example/receipt');
    expect(b).not.toBe(a);
    expect(r.framesOf(7).map((f) => f.n)).toEqual([b]);
  });

  it('numbers are unique across tabs, and a main-frame navigation retires every child and the tab ids', () => {
    const r = new FrameRegistry();
    const a = r.frameNumber(1, 5, 'd1', 'u');
    const b = r.frameNumber(2, 5, 'd2', 'u');
    expect(a).not.toBe(b);
    r.recordMain(1, 'main1', ['nv_a', 'nv_b']);
    r.recordMain(2, 'main2', ['nv_c']);
    expect(r.issuedIn(1, 'nv_a')).toBe(true);
    expect(r.otherTabWith(2, 'nv_a')).toBe(1);
    r.committed(1, 0, 'main1b');
    expect(r.frame(a)?.gone).toBe('navigated');
    expect(r.frame(b)?.gone).toBeUndefined();
    expect(r.issuedIn(1, 'nv_a')).toBe(false);
    r.tabClosed(2);
    expect(r.frame(b)?.gone).toBe('tab-closed');
  });

  it('survives a service-worker restart through its state', () => {
    const r = new FrameRegistry();
    const a = r.frameNumber(1, 5, 'd1', 'u');
    r.recordMain(1, 'm', ['nv_x']);
    const copy = new FrameRegistry();
    copy.load(JSON.parse(JSON.stringify(r.toState())) as ReturnType<typeof r.toState>);
    expect(copy.frame(a)).toMatchObject({ tabId: 1, frameId: 5, documentId: 'd1' });
    expect(copy.issuedIn(1, 'nv_x')).toBe(true);
    expect(copy.frameNumber(1, 6, 'd9', 'u')).toBeGreaterThan(a);
  });
});

describe('grafting', () => {
  const placeholder = (): VirtualNode => ({
    node_id: 'nv_body',
    tag: 'body',
    visible: true,
    children: [
      {
        node_id: 'nv_frame',
        tag: 'iframe',
        visible: true,
        crossOrigin: true,
        text: 'Cross-origin iframe: content not accessible',
      },
    ],
  });

  it('puts a child tree under its iframe node, or says why not', () => {
    const root = placeholder();
    const child: VirtualNode = {
      node_id: 'f1:nv_b',
      tag: 'body',
      visible: true,
      children: [{ node_id: 'f1:nv_in', tag: 'input', role: 'textbox', visible: true }],
    };
    graftTree(root, new Map([['nv_frame', { body: child }]]));
    expect(root.children![0].iframe).toEqual([child]);
    expect(root.children![0].text).toBeUndefined();
    expect(treeIds(root)).toContain('f1:nv_in');
    const other = placeholder();
    graftTree(other, new Map([['nv_frame', { note: 'did not answer' }]]));
    expect(other.children![0].text).toBe('did not answer');
  });

  it('replaces frame-slot lines with the child text at the slot indentation', () => {
    const parent = [
      'h1 "Checkout"',
      'iframe [cross-origin]: Cross-origin iframe: content not accessible',
      '  ' + FRAME_SLOT + '12',
      'iframe [cross-origin]: Cross-origin iframe: content not accessible',
      '  ' + FRAME_SLOT + '13',
      'h2 "Next"',
    ].join('\n');
    const out = graftText(
      parent,
      new Map([
        [12, { text: 'form\n  f1:nv_a textbox "Name"' }],
        [13, { note: 'its frame did not answer within 1500 ms' }],
      ]),
    );
    expect(out).toBe(
      [
        'h1 "Checkout"',
        'iframe [cross-origin]',
        '  form',
        '    f1:nv_a textbox "Name"',
        'iframe [cross-origin]: its frame did not answer within 1500 ms',
        'h2 "Next"',
      ].join('\n'),
    );
  });

  it('prefixes ids inside answers without touching already scoped ones', () => {
    expect(
      prefixIdsDeep(
        { message: 'nv_a is covered by nv_b', effect: { focused: 'nv_c', list: ['nv_d', 'f2:nv_e'] }, n: 3 },
        'f4:',
      ),
    ).toEqual({
      message: 'f4:nv_a is covered by f4:nv_b',
      effect: { focused: 'f4:nv_c', list: ['f4:nv_d', 'f2:nv_e'] },
      n: 3,
    });
  });
});

describe('restrictedReason', () => {
  it('names the pages where Chrome lets no extension run', () => {
    for (const url of [
      'chrome://settings',
      'chrome-extension://abc/page.html',
      'https://chromewebstore.google.com/detail/x',
      'https://chrome.google.com/webstore/category',
      'view-source:https://a.b',
      'about:blank',
    ]) {
      expect(restrictedReason(url)).toMatch(/navigate this tab/);
    }
    for (const url of ['https://example.com/', 'http://127.0.0.1:4450/x', 'file:///tmp/a.html', undefined])
      expect(restrictedReason(url)).toBeNull();
  });
});
