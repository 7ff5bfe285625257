import { describe, expect, it } from 'vitest';
import { IdAllocator, elementPathHash, formatId, isStableAuthorId } from '../../src/snapshot/ids/element-ids';
import { scanAttributes } from '../../src/snapshot/classify/actionability';

function el(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.firstElementChild!;
}

describe('structural ids (S7)', () => {
  it('formats as nv_<base36>', () => {
    expect(formatId(123456789)).toBe('nv_' + (123456789 & 0xfffff).toString(36));
    expect(formatId(-1)).toBe('nv_' + (0xfffff).toString(36));
    expect(formatId(-1).length).toBeLessThanOrEqual(7);
  });

  it('is deterministic for the same element, parent hash and index', () => {
    const a = el('<button name="go" type="submit">Go</button>');
    expect(elementPathHash(a, 42, 1)).toBe(elementPathHash(a, 42, 1));
  });

  it('depends on path (parent hash, sibling index) and stable attributes', () => {
    const a = el('<button name="go">Go</button>');
    const b = el('<button name="stop">Go</button>');
    expect(elementPathHash(a, 42, 1)).not.toBe(elementPathHash(a, 43, 1));
    expect(elementPathHash(a, 42, 1)).not.toBe(elementPathHash(a, 42, 2));
    expect(elementPathHash(a, 42, 1)).not.toBe(elementPathHash(b, 42, 1));
  });

  it("hashes the same from the walk's attribute scan as from reading every stable attribute", () => {
    const shapes = [
      '<a href="/x" class="c">x</a>',
      '<a href="">empty href</a>',
      '<button name="go" type="submit" aria-label="Go now">Go</button>',
      '<div role="button" data-testid="save" tabindex="0">Save</div>',
      '<input name="q" type="search" aria-label="">',
      '<span id="main-title" role="heading">T</span>',
      '<span id="r:17" href="/y">generated id</span>',
      '<div data-test-id="x" data-cy="y" aria-labelledby="t">no stable attribute</div>',
      '<p>none at all</p>',
    ];
    for (const html of shapes) {
      const e = el(html);
      const scan = scanAttributes(e);
      expect(elementPathHash(e, 7, 2, scan.stable, scan.stableAttributes), html).toBe(
        elementPathHash(e, 7, 2, scan.stable),
      );
    }
  });

  it('ignores class, style and text (they change without the element changing)', () => {
    const a = el('<button class="x" style="color:red">Go</button>');
    const b = el('<button class="y" style="color:blue">Stop</button>');
    expect(elementPathHash(a, 7, 1)).toBe(elementPathHash(b, 7, 1));
  });

  it('anchors on stable author ids, so changes above do not move the id', () => {
    const a = el('<section id="checkout"></section>');
    expect(elementPathHash(a, 1, 1)).toBe(elementPathHash(a, 999, 5));
  });

  it('does not anchor on generated-looking ids', () => {
    expect(isStableAuthorId('checkout')).toBe(true);
    expect(isStableAuthorId(':r1:')).toBe(false);
    expect(isStableAuthorId('ember123')).toBe(false);
    expect(isStableAuthorId('item-1712345678')).toBe(false);
    expect(isStableAuthorId('a1b2c3d4e5f6')).toBe(false);
  });

  it('resolves collisions deterministically and honours reserved ids', () => {
    const one = new IdAllocator();
    const two = new IdAllocator();
    const seqOne = [one.allocate(5), one.allocate(5), one.allocate(5)];
    const seqTwo = [two.allocate(5), two.allocate(5), two.allocate(5)];
    expect(new Set(seqOne).size).toBe(3);
    expect(seqOne).toEqual(seqTwo);
    expect(one.tryReserve(seqOne[0])).toBe(false);
    expect(one.tryReserve('nv_fresh')).toBe(true);
  });
});
