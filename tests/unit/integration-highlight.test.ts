import { describe, expect, it } from 'vitest';
import { HighlightOverlay, OVERLAY_ATTRIBUTE, actionableIds } from '../../src/overlay/highlight';
import type { VirtualNode } from '../../src/types';

const node = (id: string, actionable: boolean, extra: Partial<VirtualNode> = {}): VirtualNode => ({
  node_id: id,
  tag: 'div',
  visible: true,
  actionable,
  ...extra,
});

describe('highlight overlay', () => {
  it("'all' means every actionable node in document order, through shadow roots and frames", () => {
    const tree = node('root', false, {
      children: [
        node('a', true, { children: [node('a1', true)] }),
        node('host', false, { shadowDom: [node('s1', true)] }),
        node('frame', false, { iframe: [node('f1', true)] }),
        node('b', false),
      ],
    });
    expect(actionableIds(tree)).toEqual(['a', 'a1', 's1', 'f1']);
    expect(actionableIds(null)).toEqual([]);
  });

  it('mounts one marked host with a closed root, reports missing ids, and clears', () => {
    document.body.innerHTML = '<button id="b">B</button>';
    const button = document.getElementById('b')!;
    const overlay = new HighlightOverlay(document);
    const source = {
      virtualDom: node('root', false, { children: [node('nv_b', true)] }),
      getElement: (id: string) => (id === 'nv_b' ? button : null),
    };
    expect(overlay.show(source, ['nv_b', 'nv_gone'])).toEqual({ ok: true, shown: 1, missing: ['nv_gone'] });
    const hosts = document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`);
    expect(hosts.length).toBe(1);
    expect((hosts[0] as HTMLElement).shadowRoot).toBeNull();
    overlay.show(source, 'all'); // replaces, never stacks
    expect(document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`).length).toBe(1);
    overlay.clear();
    expect(document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`).length).toBe(0);
    expect(overlay.visible).toBe(false);
  });
});
