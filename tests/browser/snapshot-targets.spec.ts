// Issue 8, "every distinct thing a person can click gets an id", as a principle:
// an element is a target of its own when it carries a signal of its own, not one it
// inherits from the target around it. Each pattern below fails on the old rule
// ("anything inside an actionable node is left without an id").
import { expect, test } from '@playwright/test';
import { loadHtml, shape, snapshot } from './helpers/domtool';
import { allNodes } from './helpers/tree';

const CSS = `<style>.c { cursor: pointer } .menu { cursor: default } .opt { cursor: pointer }</style>`;

test('items of a clickable container: own cursor, tabindex=-1, a declared widget role', async ({ page }) => {
  await loadHtml(
    page,
    `${CSS}
    <div class="c" id="dd1">Guests ▾<div class="menu"><div class="opt">1 person</div><div class="opt">2 people</div></div></div>
    <div class="c" id="dd2">Rooms ▾<div><div tabindex="-1">1 room</div><div tabindex="-1">2 rooms</div></div></div>
    <div class="c" id="dd3">Sort ▾<div><div role="option">Price</div><div role="menuitem">Rating</div><div role="tab">Newest</div></div></div>`,
  );
  const { text } = await snapshot(page);
  expect(shape(text)).toBe(
    [
      '@ clickable',
      '  Guests ▾',
      '  @ clickable: 1 person',
      '  @ clickable: 2 people',
      '@ clickable',
      '  Rooms ▾',
      '  @ clickable: 1 room',
      '  @ clickable: 2 rooms',
      '@ clickable',
      '  Sort ▾',
      '  @ option: Price',
      '  @ menuitem "Rating"',
      '  @ tab "Newest"',
    ].join('\n'),
  );
});

test("what an item only inherits is no target: the container's cursor, tabindex=-1 outside a widget, content of a native control", async ({
  page,
}) => {
  await loadHtml(
    page,
    `${CSS}
    <div class="c" onclick="void 0"><span>Card title</span> <span class="opt">inherits the pointer</span></div>
    <div tabindex="-1">Programmatic focus only</div>
    <button style="cursor:default"><span class="opt">Inner span of a button</span></button>
    <a href="/x"><span class="opt">Inner span of a link</span></a>`,
  );
  const { text } = await snapshot(page);
  expect(shape(text)).toBe(
    [
      '@ clickable: Card title inherits the pointer',
      'Programmatic focus only',
      '@ button "Inner span of a button"',
      '@ link "Inner span of a link"',
    ].join('\n'),
  );
});

test('a container keeps its id when it is a target itself (a card, a row), not when it only wraps controls or holds a link', async ({
  page,
}) => {
  await loadHtml(
    page,
    `${CSS}
    <div class="c" id="card"><h3>Trail tent</h3><p>$249</p><button>Add to cart</button><button aria-label="Save">♡</button></div>
    <table><tr class="c"><td>Invoice 1002</td><td><button>Edit</button><button>Delete</button></td></tr></table>
    <div class="c" id="group"><button>Left</button><button>Right</button></div>
    <div class="c" id="single"><button>Only control</button></div>
    <div class="c" id="tile"><a href="/p/1">Tent page</a><p>$79</p><button>Buy</button></div>`,
  );
  const { json } = await snapshot(page);
  const targets = allNodes(json)
    .filter((n) => n.actionable)
    .map((n) => `${n.tag}:${n.name ?? n.reason}`);
  expect(targets).toEqual([
    'div:cursor',
    'button:Add to cart',
    'button:Save',
    'tr:cursor',
    'button:Edit',
    'button:Delete',
    'button:Left',
    'button:Right',
    'button:Only control',
    'a:Tent page',
    'button:Buy',
  ]);
});

test('inline clickable text inside a clickable notice is its own target', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div style="cursor:pointer" onclick="void 0">Item archived. <span style="cursor:auto"><span style="cursor:pointer">Undo</span></span> or dismiss</div>`,
  );
  const { text } = await snapshot(page);
  expect(shape(text)).toBe(['@ clickable', '  Item archived.', '  @ clickable: Undo', '  or dismiss'].join('\n'));
});
