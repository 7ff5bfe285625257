// Freshness in a real page (F1–F5) and invalidation after every action (F3), plus
// scrolling (page, inner containers) and honest reporting for pages that ignore
// synthetic events.
import { expect, test } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';

const PAGE = '/fixtures/apps/modal/index.html';

test.beforeEach(async ({ page }) => {
  await openFixture(page, PAGE, 'window.__modal');
  await page.evaluate(() => {
    document.getElementById('cookie')!.hidden = true;
    // Noise: a ticking clock and class churn on decoration. Signal: controls added/relabelled.
    const clock = document.createElement('p');
    clock.id = 'clock';
    clock.textContent = '00:00';
    document.body.appendChild(clock);
    const deco = document.createElement('div');
    deco.id = 'deco';
    deco.textContent = 'decoration';
    document.body.appendChild(deco);
  });
});

async function sameSnapshotAfter(page: import('@playwright/test').Page, mutate: string): Promise<boolean> {
  return page.evaluate(async (code) => {
    const w = window as any;
    const tool = new w.__DomToolActions.DomTool({ snapshotTTL: 60_000 });
    const a = await tool.getSnapshot();
    new Function(code)();
    const b = await tool.getSnapshot();
    return a === b;
  }, mutate);
}

test('cached within the TTL; noise keeps the cache; meaningful changes rebuild it (F1, F2)', async ({ page }) => {
  expect(await sameSnapshotAfter(page, '')).toBe(true);
  expect(await sameSnapshotAfter(page, 'document.getElementById("clock").textContent = "00:01"')).toBe(true);
  expect(
    await sameSnapshotAfter(
      page,
      'document.getElementById("deco").className = "pulse"; document.getElementById("deco").style.opacity = "0.9"',
    ),
  ).toBe(true);
  expect(await sameSnapshotAfter(page, 'document.body.dataset.tick = "1"')).toBe(true);
  expect(
    await sameSnapshotAfter(
      page,
      'const b = document.createElement("button"); b.textContent = "New"; document.body.appendChild(b)',
    ),
  ).toBe(false);
  expect(await sameSnapshotAfter(page, 'document.getElementById("buy").textContent = "Buy later"')).toBe(false);
  expect(await sameSnapshotAfter(page, 'document.getElementById("buy").setAttribute("aria-label", "Purchase")')).toBe(
    false,
  );
  expect(await sameSnapshotAfter(page, 'document.getElementById("buy").disabled = true')).toBe(false);
  expect(await sameSnapshotAfter(page, 'document.getElementById("buy").remove()')).toBe(false);
});

test('TTL expiry rebuilds; invalidateSnapshot() and force rebuild', async ({ page }) => {
  const r = await page.evaluate(async () => {
    const w = window as any;
    // A TTL long enough that a and b fall inside it on a busy machine (at 50 ms a GC pause or a
    // descheduled renderer between two calls expired it), and a wait just past it.
    const tool = new w.__DomToolActions.DomTool({ snapshotTTL: 1500 });
    const a = await tool.getSnapshot();
    const b = await tool.getSnapshot();
    await new Promise((res) => setTimeout(res, 1600));
    const c = await tool.getSnapshot();
    tool.invalidateSnapshot();
    const d = await tool.getSnapshot();
    const e = await tool.getSnapshot({ force: true });
    return { ab: a === b, bc: b === c, cd: c === d, de: d === e };
  });
  expect(r).toEqual({ ab: true, bc: false, cd: false, de: false });
});

test('every action invalidates the snapshot, on success and on failure (F3)', async ({ page }) => {
  const buy = await findId(page, { role: 'button', name: 'Buy now' });
  const r = await page.evaluate(async (id) => {
    const w = window as any;
    const tool = w.__tool;
    const s1 = await tool.getSnapshot();
    const ok = await tool.click(id);
    const s2 = await tool.getSnapshot();
    const fail = await tool.click('nv_missing');
    const s3 = await tool.getSnapshot();
    const invalid = await tool.type(id, 42);
    const s4 = await tool.getSnapshot();
    return {
      ok: ok.success && ok.snapshotInvalidated,
      fail: !fail.success && fail.snapshotInvalidated,
      invalid: invalid.error.code === 'VALIDATION_ERROR' && invalid.snapshotInvalidated,
      rebuilt: s1 !== s2 && s2 !== s3 && s3 !== s4,
      bought: w.__modal.bought,
    };
  }, buy);
  expect(r).toEqual({ ok: true, fail: true, invalid: true, rebuilt: true, bought: 1 });
});

test('pagehide drops the snapshot (F5)', async ({ page }) => {
  const same = await page.evaluate(async () => {
    const w = window as any;
    const tool = new w.__DomToolActions.DomTool({ snapshotTTL: 60_000 });
    const a = await tool.getSnapshot();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    const b = await tool.getSnapshot();
    return a === b;
  });
  expect(same).toBe(false);
});

test('the freshness observer never mutates the page', async ({ page }) => {
  const records = await page.evaluate(async () => {
    const w = window as any;
    const seen: string[] = [];
    const mo = new MutationObserver((l) => l.forEach((m) => seen.push(m.type + ':' + (m.target as Element).nodeName)));
    const tool = new w.__DomToolActions.DomTool();
    mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    await tool.getSnapshot();
    document.getElementById('clock')!.textContent = '00:02';
    await new Promise((r) => setTimeout(r, 150));
    await tool.getSnapshot();
    mo.disconnect();
    return seen;
  });
  expect(records).toEqual(['childList:P']);
});

test('scroll: page and an inner scroll container; at the end nothing moves and it says so', async ({ page }) => {
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.appendChild(spacer);
    const box = document.createElement('div');
    box.id = 'box';
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', 'Messages');
    box.tabIndex = 0;
    box.style.cssText = 'position:fixed;right:10px;top:10px;width:200px;height:150px;overflow:auto';
    for (let i = 0; i < 50; i++) {
      const p = document.createElement('p');
      p.textContent = 'Message ' + i;
      box.appendChild(p);
    }
    document.body.appendChild(box);
  });
  const down = await act(page, 'scroll', 'page', { direction: 'down' });
  expect(down.success).toBe(true);
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(500);
  await act(page, 'scroll', 'page', { direction: 'up', amount: 100 });
  expect(await page.evaluate(() => window.scrollY)).toBe(y - 100);

  const box = await findId(page, { role: 'region', name: 'Messages' });
  const inner = await act(page, 'scroll', box, { direction: 'down', amount: 200 });
  expect(inner.success).toBe(true);
  expect(await page.evaluate(() => document.getElementById('box')!.scrollTop)).toBe(200);
  expect(inner.notes?.join(' ')).toContain('Messages');

  await act(page, 'scroll', box, { direction: 'up', amount: 1000 });
  const top = await act(page, 'scroll', box, { direction: 'up' });
  expect(top.success).toBe(true);
  expect(top.noObservableEffect).toBe(true);
  expect(top.notes?.join(' ')).toContain('Already at the top');

  const bad = await act(page, 'scroll', 'page', { direction: 'sideways' });
  expect(bad.error?.code).toBe('VALIDATION_ERROR');
});

test('scroll(id) without direction brings an offscreen element into view', async ({ page }) => {
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.appendChild(spacer);
    const b = document.createElement('button');
    b.textContent = 'Far away';
    document.body.appendChild(b);
  });
  const far = await findId(page, { role: 'button', name: 'Far away' });
  expect((await act(page, 'scroll', far)).success).toBe(true);
  const inView = await page.evaluate(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Far away')!;
    const r = b.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  expect(inView).toBe(true);
});

test('click scrolls an offscreen button into view first and hits it at its centre', async ({ page }) => {
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '2500px';
    document.body.appendChild(spacer);
    const b = document.createElement('button');
    b.textContent = 'Bottom action';
    b.onclick = (e) => ((window as any).__bottom = [e.clientX, e.clientY, e.isTrusted]);
    document.body.appendChild(b);
  });
  const id = await findId(page, { role: 'button', name: 'Bottom action' });
  expect((await act(page, 'click', id)).success).toBe(true);
  const [x, y, trusted] = await page.evaluate(() => (window as any).__bottom);
  expect(trusted).toBe(false);
  const box = await page.evaluate(() => {
    const b = [...document.querySelectorAll('button')]
      .find((x) => x.textContent === 'Bottom action')!
      .getBoundingClientRect();
    return { cx: b.left + b.width / 2, cy: b.top + b.height / 2 };
  });
  expect(Math.abs(x - box.cx)).toBeLessThanOrEqual(1);
  expect(Math.abs(y - box.cy)).toBeLessThanOrEqual(1);
});

test('a field that only accepts trusted input is filled through the editing fallback, and says so', async ({
  page,
}) => {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Trusted only');
    let accepted = '';
    input.addEventListener('input', (e) => {
      if (!e.isTrusted) input.value = accepted;
      else accepted = input.value;
      (window as any).__accepted = accepted;
    });
    document.body.appendChild(input);
  });
  const id = await findId(page, { role: 'textbox', name: 'Trusted only' });
  const r = await act(page, 'type', id, 'hello');
  expect(r.success).toBe(true);
  expect(r.notes?.join(' ')).toContain('editing path');
  expect(await page.evaluate(() => (window as any).__accepted)).toBe('hello');
});
