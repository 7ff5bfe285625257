// S8 frames and shadow DOM in real Chromium: same-origin iframe content sits under
// the iframe node with page-wide unique ids that resolve into the frame; a
// cross-origin iframe and a closed shadow root become placeholders; open shadow
// roots are captured with slots in rendering order.
import { test, expect } from '@playwright/test';
import { BLANK, OTHER_ORIGIN, loadHtml, shape, snapshot } from './helpers/domtool';
import { allNodes, duplicates, jsonIds, node } from './helpers/tree';

test('same-origin iframe: content under the iframe node, ids unique page-wide, getElement resolves into the frame', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <main><button>Save</button></main>
    <iframe id="f" srcdoc="<main><button>Save</button><input aria-label='Frame field' value='in frame'></main>" width="500" height="120"></iframe>`,
  );
  const { text, json, ids } = await snapshot(page);
  const iframe = allNodes(json).find((n) => n.tag === 'iframe')!;
  expect(iframe).toBeDefined();
  expect(iframe.crossOrigin).toBeUndefined();
  const inFrame = allNodes({ node_id: '', tag: '', visible: true, children: iframe.iframe });
  const frameSave = inFrame.find((n) => n.name === 'Save')!;
  expect(frameSave).toMatchObject({ role: 'button', actionable: true });
  expect(inFrame.find((n) => n.name === 'Frame field')).toMatchObject({ role: 'textbox', value: 'in frame' });
  const topSave = json.page.body.children!.find((n) => n.role === 'main')!.children![0];
  expect(topSave.name).toBe('Save');
  // The same structure inside and outside the frame must not share an id.
  expect(frameSave.node_id).not.toBe(topSave.node_id);
  expect(duplicates(jsonIds(json))).toEqual([]);
  expect(duplicates(ids)).toEqual([]);
  expect(shape(text)).toBe(
    [
      'main',
      '  @ button "Save"',
      'iframe',
      '  main',
      '    @ button "Save"',
      '    @ textbox "Frame field" [value="in frame"]',
    ].join('\n'),
  );
  // getElement resolves into the frame's document.
  const resolved = await page.evaluate((id) => {
    const w = window as unknown as {
      __domtoolTest: { getSnapshot(): Promise<{ getElement(id: string): Element | null }> };
    };
    return w.__domtoolTest.getSnapshot().then((s) => {
      const el = s.getElement(id);
      const frame = document.getElementById('f') as HTMLIFrameElement;
      return { found: !!el, inFrame: !!el && el.ownerDocument === frame.contentDocument, tag: el?.localName };
    });
  }, frameSave.node_id);
  expect(resolved).toEqual({ found: true, inFrame: true, tag: 'button' });
});

test('cross-origin iframe becomes a placeholder with crossOrigin and frameSrc', async ({ page }) => {
  const src = `${OTHER_ORIGIN}${BLANK}`;
  await loadHtml(page, `<button>Top</button><iframe src="${src}" width="400" height="100"></iframe>`);
  const { text, json } = await snapshot(page);
  const iframe = allNodes(json).find((n) => n.tag === 'iframe')!;
  expect(iframe).toMatchObject({ crossOrigin: true, frameSrc: src });
  expect(iframe.iframe).toBeUndefined();
  expect(shape(text)).toBe(
    ['@ button "Top"', `iframe [src=${src} cross-origin]: Cross-origin iframe: content not accessible`].join('\n'),
  );
});

test('nested same-origin iframes are entered up to maxIframeDepth', async ({ page }) => {
  const inner = `<button>Deepest</button>`;
  const middle = `<button>Middle</button><iframe srcdoc='${inner}' width=300 height=80></iframe>`;
  await loadHtml(page, `<iframe srcdoc="${middle.replace(/"/g, '&quot;')}" width="500" height="200"></iframe>`);
  await page.waitForFunction(() => {
    const outer = document.querySelector('iframe')!.contentDocument;
    const inner = outer?.querySelector('iframe')?.contentDocument;
    return !!inner?.querySelector('button');
  });
  const full = await snapshot(page);
  expect(node(full.json, 'Middle').actionable).toBe(true);
  expect(node(full.json, 'Deepest').actionable).toBe(true);
  const limited = await snapshot(page, { maxIframeDepth: 1 });
  expect(node(limited.json, 'Middle').actionable).toBe(true);
  expect(allNodes(limited.json).some((n) => n.name === 'Deepest')).toBe(false);
  expect(limited.text).toContain('Nested iframe beyond the depth limit');
});

test('open shadow root: content under shadowDom, slots in rendering order (assigned nodes, fallback)', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <div id="host"><p slot="b">Assigned to B</p><button>Default slotted</button><p slot="nowhere">Unassigned light</p></div>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<button>Shadow first</button>'
        + '<slot name="a"><p>Fallback of A</p></slot>'
        + '<slot name="b"><p>Fallback of B</p></slot>'
        + '<slot></slot>'
        + '<a href="/s">Shadow link</a>';
    </script>`,
  );
  const { text, json } = await snapshot(page);
  const host = allNodes(json).find((n) => n.shadowDom)!;
  expect(host).toBeDefined();
  expect(host.tag).toBe('div');
  const order = allNodes({ node_id: '', tag: '', visible: true, children: host.shadowDom })
    .slice(1)
    .map((n) => n.name ?? n.text);
  expect(order).toEqual(['Shadow first', 'Fallback of A', 'Assigned to B', 'Default slotted', 'Shadow link']);
  expect(shape(text)).toBe(
    [
      'div',
      '  @ button "Shadow first"',
      '  Fallback of A',
      '  Assigned to B',
      '  @ button "Default slotted"',
      '  @ link "Shadow link"',
    ].join('\n'),
  );
  expect(text).not.toContain('Fallback of B');
  expect(text).not.toContain('Unassigned light');
});

test('includeShadowDom: false leaves open shadow content out', async ({ page }) => {
  await loadHtml(
    page,
    `<div id="host"></div><script>
    document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow only</button>';
  </script>`,
  );
  const { json } = await snapshot(page, { includeShadowDom: false });
  expect(allNodes(json).some((n) => n.name === 'Shadow only')).toBe(false);
});

test('closed shadow root becomes a placeholder', async ({ page }) => {
  await loadHtml(
    page,
    `
    <x-secret-widget style="display:block;width:200px;height:40px"></x-secret-widget>
    <script>
      customElements.define('x-secret-widget', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'closed' }).innerHTML = '<button>Hidden inside</button>'; }
      });
    </script>`,
  );
  const { text, json } = await snapshot(page);
  const host = allNodes(json).find((n) => n.tag === 'x-secret-widget')!;
  expect(host).toMatchObject({ closedShadowRoot: true });
  expect(text).not.toContain('Hidden inside');
  expect(shape(text)).toBe('x-secret-widget [closed-shadow-root]: Content in a closed shadow root is not accessible');
});

test('nested open shadow roots and a shadow host inside an iframe', async ({ page }) => {
  await loadHtml(
    page,
    `
    <outer-el></outer-el>
    <script>
      customElements.define('inner-el', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button>Inner button</button>'; }
      });
      customElements.define('outer-el', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<nav aria-label="Shadow nav"><inner-el></inner-el></nav>'; }
      });
    </script>`,
  );
  const { json, ids } = await snapshot(page);
  const nav = node(json, 'Shadow nav', 'navigation');
  expect(allNodes(nav).some((n) => n.name === 'Inner button' && n.actionable)).toBe(true);
  expect(duplicates(ids)).toEqual([]);
});
