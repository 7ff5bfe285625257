// Closed shadow roots on any element that can host one (issue 8): shadowRootOf (in an
// extension chrome.dom.openOrClosedShadowRoot) is asked for standard hosts — div,
// span, section, p, … — not only for custom elements. Here the page world keeps the
// closed roots it created and hands them out the same way the extension API does.
import { expect, test } from '@playwright/test';
import { loadHtml, shape } from './helpers/domtool';
import type {} from './helpers/page-globals';

test('closed roots on a <div>, <span>, <section> and a custom element are opened through shadowRootOf', async ({
  page,
}) => {
  await loadHtml(
    page,
    `<h1>Closed hosts</h1><div id="d"></div><p>Text <span id="s"></span></p><section id="sec"></section><x-widget id="x"></x-widget>
    <div id="light">Light content is shown</div>`,
  );
  const text = await page.evaluate(async () => {
    const roots = new Map<Element, ShadowRoot>();
    const attach = (id: string, html: string) => {
      const host = document.getElementById(id)!;
      const root = host.attachShadow({ mode: 'closed' });
      root.innerHTML = html;
      roots.set(host, root);
    };
    attach('d', '<button>Inside a div</button>');
    attach('s', '<a href="/in-span">Inside a span</a>');
    attach('sec', '<h2>Section heading</h2><input aria-label="Inside a section">');
    attach('x', '<button>Inside a custom element</button>');
    const asked: string[] = [];
    const W = window.BrowserXDomTool;
    const tool = new W.DomTool({ shadowRootOf: (el: Element) => (asked.push(el.localName), roots.get(el)) });
    const snap = await tool.getSnapshot({ force: true });
    return { text: snap.toText(), asked };
  });
  expect(shape(text.text)).toBe(
    [
      'h1 "Closed hosts"',
      'div',
      '  @ button "Inside a div"',
      'Text',
      'span',
      '  @ link "Inside a span"',
      'section',
      '  h2 "Section heading"',
      '  @ textbox "Inside a section"',
      'x-widget',
      '  @ button "Inside a custom element"',
      'Light content is shown',
    ].join('\n'),
  );
  // Hosts with light content of their own are not asked (the hook stays cheap).
  expect(text.asked.sort()).toEqual(['div', 'section', 'span', 'x-widget']);
});

test('without shadowRootOf a closed root on a custom element is a placeholder; a plain empty <div> host cannot be told from an empty div', async ({
  page,
}) => {
  await loadHtml(page, `<div id="d"></div><x-widget id="x"></x-widget>`);
  const text = await page.evaluate(async () => {
    for (const id of ['d', 'x'])
      document.getElementById(id)!.attachShadow({ mode: 'closed' }).innerHTML = '<button>Secret</button>';
    const W = window.BrowserXDomTool;
    return (await new W.DomTool().getSnapshot({ force: true })).toText();
  });
  expect(shape(text)).toBe('x-widget [closed-shadow-root]: Content in a closed shadow root is not accessible');
});
