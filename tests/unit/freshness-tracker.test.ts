// FreshnessTracker with fake timers (F1, F2, F5): TTL, throttled dirty tracking,
// noise filtering, pagehide.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FreshnessTracker } from '../../src/freshness/FreshnessTracker';
import { isMeaningfulMutation } from '../../src/freshness/noise';

let clock = 0;
const now = () => clock;

function setup(ttl = 2000) {
  document.body.innerHTML = `
    <main>
      <p id="clock">10:00:00</p>
      <div id="deco">decoration</div>
      <div id="panel"><button id="save">Save</button></div>
      <label id="lbl" for="q">Query</label><input id="q">
    </main>`;
  const tracker = new FreshnessTracker(() => document, { ttl, throttleMs: 100, now });
  tracker.track(clock);
  return tracker;
}

/** Lets happy-dom deliver MutationObserver records, then runs the throttle timer. */
async function deliver(): Promise<void> {
  await Promise.resolve();
  await vi.advanceTimersByTimeAsync(150);
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1000;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TTL (F1)', () => {
  it('is fresh until the TTL elapses', () => {
    const t = setup(2000);
    expect(t.isFresh()).toBe(true);
    clock += 1999;
    expect(t.isFresh()).toBe(true);
    clock += 1;
    expect(t.isFresh()).toBe(false);
    expect(t.lastReason).toBe('ttl');
  });

  it('is not fresh before anything was tracked, and after invalidate()', () => {
    const t = new FreshnessTracker(() => document, { ttl: 2000, now });
    expect(t.isFresh()).toBe(false);
    t.track(clock);
    expect(t.isFresh()).toBe(true);
    t.invalidate();
    expect(t.isFresh()).toBe(false);
    t.track(clock);
    expect(t.isFresh()).toBe(true);
  });
});

describe('dirty tracking (F2)', () => {
  it('ignores a ticking clock, decoration class/style churn and data-* attributes', async () => {
    const t = setup();
    document.getElementById('clock')!.textContent = '10:00:01';
    document.getElementById('clock')!.firstChild!.nodeValue = '10:00:02';
    document.getElementById('deco')!.className = 'pulse';
    document.getElementById('deco')!.setAttribute('style', 'opacity:.5');
    document.body.setAttribute('data-tick', '3');
    await deliver();
    expect(t.isDirty()).toBe(false);
    expect(t.isFresh()).toBe(true);
  });

  it('marks dirty when a control is added, removed or relabelled', async () => {
    let t = setup();
    document.querySelector('main')!.appendChild(document.createElement('button'));
    await deliver();
    expect(t.isDirty()).toBe(true);

    t = setup();
    document.getElementById('save')!.remove();
    await deliver();
    expect(t.isFresh()).toBe(false);

    t = setup();
    document.getElementById('save')!.textContent = 'Saved';
    await deliver();
    expect(t.isDirty()).toBe(true);

    t = setup();
    document.getElementById('save')!.setAttribute('aria-label', 'Store');
    await deliver();
    expect(t.isDirty()).toBe(true);

    t = setup();
    document.getElementById('lbl')!.textContent = 'Search';
    await deliver();
    expect(t.isDirty()).toBe(true);
  });

  it('class/style changes matter on containers of controls (a panel shown or hidden)', async () => {
    const t = setup();
    document.getElementById('panel')!.setAttribute('style', 'display:none');
    await deliver();
    expect(t.isDirty()).toBe(true);
  });

  it('classifies pending records synchronously when asked, before the throttle fires', async () => {
    const t = setup();
    document.querySelector('main')!.appendChild(document.createElement('input'));
    await Promise.resolve();
    // No timer advanced: isFresh() must still see the change.
    expect(t.isFresh()).toBe(false);
  });

  it('ignores nodes of the library overlay and <head>', async () => {
    const t = setup();
    const overlay = document.createElement('browserx-overlay');
    overlay.setAttribute('data-browserx-overlay', '');
    document.body.appendChild(overlay);
    const style = document.createElement('style');
    document.head.appendChild(style);
    await deliver();
    expect(t.isDirty()).toBe(false);
  });

  it('stops observing once dirty and re-arms on the next track()', async () => {
    const t = setup();
    document.querySelector('main')!.appendChild(document.createElement('button'));
    await deliver();
    expect(t.isDirty()).toBe(true);
    t.track(clock);
    expect(t.isFresh()).toBe(true);
    document.getElementById('clock')!.textContent = 'tick';
    await deliver();
    expect(t.isFresh()).toBe(true);
  });
});

describe('re-tracking while clean (the observer is kept)', () => {
  it('drops what was queued before the new snapshot, and sees what comes after', async () => {
    const t = setup();
    document.querySelector('main')!.appendChild(document.createElement('button'));
    // Not delivered yet: the snapshot taken now already shows the button.
    t.track(clock);
    await deliver();
    expect(t.isFresh()).toBe(true);
    document.getElementById('save')!.textContent = 'Saved';
    await deliver();
    expect(t.isDirty()).toBe(true);
    expect(t.lastReason).toMatch(/^characterData|^childList/);
  });

  it('a snapshot that entered a new root watches it too; one that left it no longer does', async () => {
    const t = setup();
    const host = document.createElement('div');
    document.querySelector('main')!.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<button>Inside</button>';
    t.track(clock, [shadow]);
    await deliver();
    expect(t.isFresh()).toBe(true);
    shadow.querySelector('button')!.textContent = 'Changed';
    await deliver();
    expect(t.isDirty()).toBe(true);

    t.track(clock, [shadow]);
    t.track(clock);
    shadow.appendChild(document.createElement('input'));
    shadow.dispatchEvent(new Event('input'));
    await deliver();
    expect(t.isFresh()).toBe(true);
  });

  it('a snapshot past its TTL but clean, taken again, is fresh and still watched', async () => {
    const t = setup(2000);
    clock += 2500;
    expect(t.isFresh()).toBe(false);
    t.track(clock);
    expect(t.isFresh()).toBe(true);
    document.getElementById('q')!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(t.isDirty()).toBe(true);
    expect(t.lastReason).toBe('input');
  });
});

describe('page lifecycle (F5)', () => {
  it('pagehide invalidates and calls back', () => {
    const t = setup();
    const onHide = vi.fn();
    t.watchPageLifecycle(onHide);
    window.dispatchEvent(new Event('pagehide'));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(t.isFresh()).toBe(false);
    t.dispose();
    window.dispatchEvent(new Event('pagehide'));
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});

describe('isMeaningfulMutation', () => {
  it('treats text-only changes outside controls as noise', () => {
    document.body.innerHTML = '<p id="p">a</p><button id="b">x</button>';
    const p = document.getElementById('p')!;
    const b = document.getElementById('b')!;
    const rec = (target: Node, type: MutationRecordType, extra: Partial<MutationRecord> = {}) =>
      ({
        type,
        target,
        addedNodes: [] as unknown as NodeList,
        removedNodes: [] as unknown as NodeList,
        attributeName: null,
        ...extra,
      }) as MutationRecord;
    expect(isMeaningfulMutation(rec(p.firstChild!, 'characterData'))).toBe(false);
    expect(isMeaningfulMutation(rec(b.firstChild!, 'characterData'))).toBe(true);
    expect(isMeaningfulMutation(rec(p, 'attributes', { attributeName: 'class' }))).toBe(false);
    expect(isMeaningfulMutation(rec(b, 'attributes', { attributeName: 'class' }))).toBe(true);
    expect(isMeaningfulMutation(rec(p, 'attributes', { attributeName: 'hidden' }))).toBe(true);
  });
});
