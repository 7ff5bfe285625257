import { describe, expect, it } from 'vitest';
import { getHint, meaningfulWords } from '../../src/semantics';

function hint(html: string, selector = '[data-t]') {
  document.body.innerHTML = html;
  return getHint(document.querySelector(selector)!);
}

describe('hints for nameless actionable elements', () => {
  it('title first', () => {
    expect(hint('<button data-t title="Delete row" class="btn-trash"></button>')).toBe('Delete row');
  });
  it('icon ligature text', () => {
    expect(hint('<button data-t><i class="material-icons" aria-hidden="true">delete</i></button>')).toBe('delete');
    expect(hint('<button data-t><span class="material-symbols-outlined">arrow_back</span></button>')).toBe(
      'arrow back',
    );
  });
  it('svg title and <use href="#icon-…">', () => {
    expect(hint('<button data-t><svg><title>Settings</title></svg></button>')).toBe('Settings');
    expect(hint('<button data-t><svg><use href="#icon-trash"></use></svg></button>')).toBe('trash');
    expect(hint('<button data-t><svg><use xlink:href="/sprite.svg#icon-search"></use></svg></button>')).toBe('search');
    expect(hint('<button data-t><svg data-icon="cart-plus"></svg></button>')).toBe('cart plus');
  });
  it('icon classes of a child', () => {
    expect(hint('<a data-t href="#"><i class="fa fa-solid fa-trash-can"></i></a>')).toBe('trash can');
    expect(hint('<button data-t><span class="icon icon-search"></span></button>')).toBe('search');
  });
  it('meaningful class/id tokens, generic and hashed tokens dropped', () => {
    expect(hint('<button data-t class="btn btn-trash css-1x2y3z"></button>')).toBe('trash');
    expect(hint('<div data-t class="jsx-123 wrapper icon-search"></div>')).toBe('search');
    expect(hint('<button data-t id="addToCart" class="sc-bdVaJa kFzQxY"></button>')).toBe('add to cart');
    expect(hint('<button data-t class="button primary"></button>')).toBeUndefined();
  });
  it('aria-describedby text, name attribute, data-testid, image file name', () => {
    expect(hint('<span id="d">Opens menu</span><button data-t aria-describedby="d"></button>')).toBe('Opens menu');
    expect(hint('<input data-t name="search_query">')).toBe('search query');
    expect(hint('<button data-t data-testid="close-modal"></button>')).toBe('close modal');
    expect(hint('<button data-t><img src="/img/icons/heart-outline@2x.png"></button>')).toBe('heart');
  });
  it('is short', () => {
    const h = hint('<button data-t title="' + 'x'.repeat(100) + '"></button>');
    expect(h!.length).toBeLessThanOrEqual(40);
  });
  it('meaningfulWords', () => {
    expect(meaningfulWords('btn-trash')).toBe('trash');
    expect(meaningfulWords('icon-search')).toBe('search');
    expect(meaningfulWords('fa fa-user-circle')).toBe('user circle');
    expect(meaningfulWords('css-1x2y3z jsx-123 a1b2c3d4')).toBe('');
  });
});
