// A virtual list renders only the items in view: an item far down is not in the DOM at
// all until the list is scrolled to it. A person looking for it scrolls the list; so does
// an action whose { text } target is in no element yet (A9): each scroll area of the
// scope whose content is cut (native overflow, or overflow hidden scrolled by the
// library's own wheel handler) is wheeled through, down then up, until the text is
// rendered. Bounded in steps and time; a list that did not hold it is put back.
import { DomToolError, cut } from './result';
import { isElement } from '../dom/dom-utils';
import { now } from '../dom/builtins';
import { findByText, type TextTarget } from './text-target';
import { wheelOver, type ScrollDirection } from './scroll';
import type { SnapshotLike } from './snapshot-source';

/** Elements looked at for scroll areas (a scope's first ones; a page has few virtual lists). */
const MAX_SCANNED = 5000;
const MAX_AREAS = 6;
/** Wheel steps per area and direction (300 rows of 32 px take ~35 steps of 9 rows). */
const MAX_STEPS = 60;
const BUDGET_MS = 5000;

/** The text target, rendering it by scrolling the lists of `scope` when no element shows it yet. */
export async function findOrReveal(
  scope: Element,
  target: TextTarget,
  snapshot: SnapshotLike | null,
): Promise<Element> {
  try {
    return findByText(scope, target, snapshot);
  } catch (e) {
    if (!(e instanceof DomToolError) || e.code !== 'ELEMENT_NOT_FOUND') throw e;
    const areas = scrollAreas(scope);
    const deadline = now() + BUDGET_MS;
    let searched = true;
    for (const area of areas) {
      const found = await searchArea(area, scope, target, snapshot, deadline);
      if (typeof found === 'object') return found;
      if (found === false) searched = false;
    }
    if (!areas.length) throw e;
    const lists = areas.length === 1 ? 'the scrolling list' : `the ${areas.length} scrolling lists`;
    throw new DomToolError(
      'ELEMENT_NOT_FOUND',
      searched
        ? `No element shows "${cut(target.text, 60)}", also after scrolling ${lists} ${target.within ? `in ${target.within} ` : ''}from end to end. Quote the text as the latest snapshot shows it, or use a node id.`
        : `No element shows "${cut(target.text, 60)}"; ${lists} ${target.within ? `in ${target.within} ` : ''}${areas.length === 1 ? 'is' : 'are'} too long to scroll through (stopped after ${MAX_STEPS} screens each way and put back). Use the list's search or filter, or scroll it yourself.`,
    );
  }
}

/**
 * find(query, { reveal: true }): renders `text` by scrolling the scope's lists, as a
 * { text } target does (the same search). Null when some element shows it now; else why not.
 */
export async function revealText(scope: Element, text: string): Promise<string | null> {
  try {
    await findOrReveal(scope, { text }, null);
    return null;
  } catch (e) {
    if (e instanceof DomToolError && (e.code === 'ELEMENT_NOT_FOUND' || e.code === 'VALIDATION_ERROR'))
      return e.message;
    throw e;
  }
}

/** Visible elements whose content is cut on the vertical axis and could be scrolled (not the page itself). */
function scrollAreas(scope: Element): Element[] {
  const doc = scope.ownerDocument;
  const win = doc.defaultView;
  if (!win) return [];
  const out: Element[] = [];
  const all = scope.getElementsByTagName('*');
  const n = Math.min(all.length, MAX_SCANNED);
  for (let i = -1; i < n && out.length < MAX_AREAS; i++) {
    const el = i < 0 ? scope : all[i];
    if (el === doc.documentElement || el === doc.body || el === doc.scrollingElement) continue;
    if (el.scrollHeight <= el.clientHeight + 1 || el.clientHeight < 20) continue;
    const o = win.getComputedStyle(el).overflowY;
    if (o !== 'auto' && o !== 'scroll' && o !== 'hidden' && o !== 'overlay') continue;
    // Overflow hidden is also how maps and carousels clip (a wheel would zoom a map): only
    // a box that holds a list — repeated entries of one shape — is scrolled for an item.
    if (o === 'hidden' && !holdsList(el, 3)) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) out.push(el);
  }
  return out;
}

/** The element once rendered; else true when the list was searched end to end, false when it was too long. */
/** Some element within `depth` levels has three or more children of one tag and class. */
function holdsList(el: Element, depth: number): boolean {
  const shapes = new Map<string, number>();
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const key = c.localName + ' ' + (c.getAttribute('class') ?? '');
    const n = (shapes.get(key) ?? 0) + 1;
    if (n >= 3) return true;
    shapes.set(key, n);
  }
  if (depth <= 1) return false;
  for (let c = el.firstElementChild, i = 0; c && i < 5; c = c.nextElementSibling, i++)
    if (holdsList(c, depth - 1)) return true;
  return false;
}

async function searchArea(
  area: Element,
  scope: Element,
  target: TextTarget,
  snapshot: SnapshotLike | null,
  deadline: number,
): Promise<Element | boolean> {
  const start = { x: area.scrollLeft, y: area.scrollTop };
  const directions: ScrollDirection[] = ['down', 'up'];
  let complete = true;
  for (const direction of directions) {
    // The way up starts where the search began (the way down went past it already).
    if (direction === 'up') await putBack(area, start);
    let end = false;
    for (let step = 0, still = 0; step < MAX_STEPS && now() < deadline && !end; step++) {
      if (!area.isConnected) return true;
      const wheel = wheelOver(area, direction, Math.max(40, Math.round(area.clientHeight * 0.9)));
      await rendered(area.ownerDocument.defaultView);
      const found = tryFind(scope, target, snapshot);
      if (found) return found;
      // Nothing moved twice in a row: this end of the list is reached (once may be a late frame).
      still = wheel.measure().moved ? 0 : still + 1;
      end = still >= 2;
    }
    if (!end) complete = false;
  }
  await putBack(area, start);
  return complete;
}

async function putBack(area: Element, start: { x: number; y: number }): Promise<void> {
  try {
    area.scrollTo({ left: start.x, top: start.y, behavior: 'instant' as ScrollBehavior });
  } catch {
    /* put back as far as the page lets us */
  }
  await rendered(area.ownerDocument.defaultView);
}

function tryFind(scope: Element, target: TextTarget, snapshot: SnapshotLike | null): Element | null {
  try {
    const el = findByText(scope, target, snapshot);
    return isElement(el) ? el : null;
  } catch (e) {
    if (e instanceof DomToolError && e.code === 'ELEMENT_NOT_FOUND') return null;
    throw e;
  }
}

/** Two frames and a task: a library re-renders its window of items in the frame after the wheel. */
function rendered(win: Window | null): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    // Frames may not come (a background tab): a timer ends the wait, late enough for a busy machine.
    setTimeout(finish, 300);
    if (!win || typeof win.requestAnimationFrame !== 'function') return;
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => setTimeout(finish, 0)));
  });
}
