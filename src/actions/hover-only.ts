// Acting on hover-only content (snapshot/classify/hover-reveals.ts): a menu item a CSS
// :hover rule shows only while the pointer is over its parent item. A person hovers the
// trigger, then clicks the item; a synthetic pointer cannot make :hover match, so the
// item stays hidden to the hit test. The trigger is verified and hovered like any target
// (a page that opens the menu by script on mouseenter shows it, and the click is then an
// ordinary one); else the click goes to the item itself, at the trigger's point, and the
// result says so. Without a rule that shows it, a hidden item is refused as before.
import type { ActionResult } from '../types';
import { isRendered } from '../semantics';
import { findHoverReveals, revealHolding } from '../snapshot/classify/hover-reveals';
import type { ActionContext } from './context';
import { clickSequence, hoverSequence, type ClickOptions } from './pointer';
import type { SnapshotLike } from './snapshot-source';

/** The trigger whose :hover shows `el`, when `el` is hidden now; else null (an ordinary target). */
export function hoverTriggerOf(el: Element): Element | null {
  const win = el.ownerDocument.defaultView;
  if (!win) return null;
  if (isRendered(el) && el.getClientRects().length > 0 && Number(win.getComputedStyle(el).opacity) >= 0.1) return null;
  try {
    const reveal = revealHolding(
      el,
      findHoverReveals(el.ownerDocument, (t) => isRendered(t)),
    );
    return reveal ? reveal.trigger : null;
  } catch {
    return null;
  }
}

/** Hover the trigger, then click the item (A3: the trigger is verified; the click lands on the item only). `describe` names the trigger. */
export async function clickThroughHover(
  ctx: ActionContext,
  start: number,
  element: Element,
  trigger: Element,
  snapshot: SnapshotLike | null,
  label: string,
  options: ClickOptions,
  describe: (el: Element) => string,
): Promise<ActionResult> {
  const over = ctx.pointerTarget(trigger, label, snapshot);
  const watch = ctx.watch(element, snapshot);
  hoverSequence(over.dispatchTo, over.point, ctx.pointer);
  const notes: string[] = [];
  if (hoverTriggerOf(element) === null) {
    // The page showed it on hover by script: an ordinary click at the item.
    const target = ctx.pointerTarget(element, label, snapshot);
    clickSequence(target.dispatchTo, target.point, ctx.pointer, options);
    notes.push(`Hovered ${describe(trigger)} first: it shows ${label} on hover.`);
  } else {
    clickSequence(element, over.point, ctx.pointer, options);
    notes.push(
      `${label} is shown only while the pointer is over ${describe(trigger)} (a CSS :hover rule, which synthetic events cannot make match): hovered it, then clicked the item itself.`,
    );
  }
  return ctx.finish(start, await ctx.settle(watch), 'click', notes);
}
