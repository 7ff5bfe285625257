// One element semantics for snapshot and actions (issue 8): every state the snapshot
// shows is the state an action checks, and the fingerprint recorded at snapshot time
// is recomputed by the same functions at action time.
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/semantics/index.html');
});

for (const tag of ['strong', 'em', 'time']) {
  test(`a clickable <${tag}> can be clicked with the id the snapshot gave (no STALE_NODE loop)`, async ({ page }) => {
    const id = await findId(page, { tag });
    const r = await act(page, 'click', id);
    expect(r.error?.message ?? '').not.toContain('its role was');
    expect(r.success).toBe(true);
    expect(await appState(page, 'window.__log')).toEqual([tag]);
    // A fresh snapshot gives an id that works too.
    const again = await findId(page, { tag });
    expect((await act(page, 'click', again)).success).toBe(true);
  });
}

test('aria-disabled="false" inside an aria-disabled="true" group: shown enabled and clickable', async ({ page }) => {
  const text = await page.evaluate(async () => await window.__tool.getText({ force: true }));
  expect(text).toMatch(/button "Still works"(?! \[disabled\])/);
  expect(text).toMatch(/button "Locked" \[disabled\]/);
  const ok = await act(page, 'click', await findId(page, { role: 'button', name: 'Still works' }));
  expect(ok.success).toBe(true);
  const refused = await act(page, 'click', await findId(page, { role: 'button', name: 'Locked' }));
  expect(refused.error?.code).toBe('NOT_ACTIONABLE');
  expect(await appState(page, 'window.__log')).toEqual(['reenabled']);
});

test('fieldset[disabled] disables its controls except those in the first legend; snapshot and actions agree', async ({
  page,
}) => {
  const text = await page.evaluate(async () => await window.__tool.getText({ force: true }));
  expect(text).toMatch(/button "Legend action"(?! \[disabled\])/);
  expect(text).toMatch(/button "Inside disabled fieldset" \[disabled\]/);
  expect((await act(page, 'click', await findId(page, { role: 'button', name: 'Legend action' }))).success).toBe(true);
  const r = await act(page, 'click', await findId(page, { role: 'button', name: 'Inside disabled fieldset' }));
  expect(r.error?.code).toBe('NOT_ACTIONABLE');
  expect(r.error?.message).toContain('fieldset');
  expect(await appState(page, 'window.__log')).toEqual(['legend']);
});

test('checked, mixed and pressed read the same in the snapshot and in check()/uncheck()', async ({ page }) => {
  const text = await page.evaluate(async () => await window.__tool.getText({ force: true }));
  expect(text).toMatch(/checkbox "Subscribed" \[checked\]/);
  expect(text).toMatch(/checkbox "Some selected" \[checked=mixed\]/);
  expect(text).toMatch(/button "Bold" \[pressed\]/);
  const already = await act(page, 'check', await findId(page, { role: 'checkbox', name: 'Subscribed' }));
  expect(already.success).toBe(true);
  expect(already.notes?.join(' ')).toMatch(/already/i);
  const off = await act(page, 'uncheck', await findId(page, { role: 'button', name: 'Bold' }));
  expect(off.success).toBe(true);
  expect(await page.getAttribute('#toggle', 'aria-pressed')).toBe('false');
});

async function inspect(page: import('@playwright/test').Page, id: string) {
  return page.evaluate((id) => window.__tool.inspect(id), id);
}

test('inspect(id) reports what the element is and that it is actionable, without touching the page', async ({
  page,
}) => {
  const id = await findId(page, { role: 'button', name: 'Bold' });
  const r = await inspect(page, id);
  expect(r).toMatchObject({
    id,
    found: true,
    tag: 'button',
    role: 'button',
    name: 'Bold',
    actionable: true,
    inViewport: true,
  });
  expect(r.states?.pressed).toBe(true);
  expect(r.box?.width).toBeGreaterThan(0);
  expect(await appState(page, 'window.__events')).toEqual([]);
});

test("inspect(id) gives the action's own refusal: disabled → NOT_ACTIONABLE, covered → OBSCURED naming the cover", async ({
  page,
}) => {
  const locked = await findId(page, { role: 'button', name: 'Locked' });
  const viaInspect = await inspect(page, locked);
  const viaClick = await act(page, 'click', locked);
  expect(viaInspect.actionable).toBe(false);
  expect(viaInspect.error).toEqual(viaClick.error);
  expect(viaInspect.states?.disabled).toBe(true);

  const covered = await inspect(page, await findId(page, { role: 'button', name: 'Under the banner' }));
  expect(covered.actionable).toBe(false);
  expect(covered.error?.code).toBe('OBSCURED');
  expect(covered.error?.message).toContain('covered by <div>');
  expect(await appState(page, 'window.__log')).toEqual([]);
});

test('inspect(id) on an element below the fold: actionable, not in view, and nothing scrolls', async ({ page }) => {
  const far = await findId(page, { role: 'button', name: 'Far below' });
  const r = await inspect(page, far);
  expect(r).toMatchObject({ found: true, actionable: true, inViewport: false });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('inspect(id) on an unknown id → ELEMENT_NOT_FOUND; through the domtool:inspect message too', async ({ page }) => {
  const r = await inspect(page, 'nv_nope');
  expect(r).toMatchObject({ found: false, actionable: false });
  expect(r.error?.code).toBe('ELEMENT_NOT_FOUND');
  // The page-world build (dist/domtool.iife.js) answers the protocol message.
  await page.addScriptTag({ path: 'dist/domtool.iife.js' });
  const answer = await page.evaluate(async () => {
    const api = window.BrowserXDomTool;
    const tool = new api.DomTool();
    const text: string = await tool.getText();
    const id = /(nv_\w+) button "Bold"/.exec(text)![1];
    return api.handleMessage(tool, { type: 'domtool:inspect', nodeId: id });
  });
  expect(answer).toMatchObject({ ok: true, result: { found: true, role: 'button', actionable: true } });
});

test('quirks mode (no doctype): a link below the fold is scrolled into view and clicked, inspect agrees', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/semantics/quirks.html');
  expect(await page.evaluate(() => document.compatMode)).toBe('BackCompat');
  const id = await findId(page, { role: 'link', name: 'Jobs' });
  const dry = await inspect(page, id);
  expect(dry).toMatchObject({ actionable: true, inViewport: false });
  const r = await act(page, 'click', id);
  expect(r.error).toBeUndefined();
  expect(r.success).toBe(true);
  expect(await appState(page, 'window.__clicked')).toBe(1);
});

test('data-domtool-ignore: the subtree is left out of the snapshot (as the freshness tracker already ignores its mutations)', async ({
  page,
}) => {
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.setAttribute('data-domtool-ignore', '');
    box.innerHTML = '<button>Ignored control</button><p>Ignored text</p>';
    document.body.prepend(box);
  });
  const text = await page.evaluate(async () => await window.__tool.getText({ force: true, tokenBudget: 0 }));
  expect(text).not.toContain('Ignored');
  expect(text).toContain('Still works');
});

test('disabled through a shadow host, in a shadow root only, and through a fieldset in a shadow root', async ({
  page,
}) => {
  // aria-disabled is inherited across a shadow host; a disabled fieldset acts within its own tree
  // (semantics/disabled.ts looks for one with a single closest() before walking up).
  await page.evaluate(() => {
    const add = (html: string) => {
      const host = document.createElement('div');
      document.body.append(host);
      host.attachShadow({ mode: 'open' }).innerHTML = html;
      return host;
    };
    add('<button>Plain shadow</button>');
    const outer = document.createElement('div');
    outer.setAttribute('aria-disabled', 'true');
    document.body.append(outer);
    const host = document.createElement('div');
    outer.append(host);
    host.attachShadow({ mode: 'open' }).innerHTML = '<button>Through host</button>';
    add('<div aria-disabled="true"><button>Inner group</button></div><button>Inner sibling</button>');
    add(
      '<fieldset disabled><legend><button>Shadow legend</button></legend><button>Shadow fieldset</button></fieldset>',
    );
  });
  const text = await page.evaluate(async () => await window.__tool.getText({ force: true }));
  expect(text).toMatch(/button "Plain shadow"(?! \[disabled\])/);
  expect(text).toMatch(/button "Through host" \[disabled\]/);
  expect(text).toMatch(/button "Inner group" \[disabled\]/);
  expect(text).toMatch(/button "Inner sibling"(?! \[disabled\])/);
  expect(text).toMatch(/button "Shadow legend"(?! \[disabled\])/);
  expect(text).toMatch(/button "Shadow fieldset" \[disabled\]/);
  const r = await act(page, 'click', await findId(page, { role: 'button', name: 'Through host' }));
  expect(r.error?.code).toBe('NOT_ACTIONABLE');
});
