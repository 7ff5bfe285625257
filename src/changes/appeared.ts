// A8: what appeared after an action, so the agent often needs no new snapshot.
// Compares the snapshot the action was resolved against with one taken after the
// page settled: new or changed text in alerts, status and live regions and toasts;
// fields that became invalid with their error text; a dialog or popup that opened;
// new controls (their lines with ids, capped). Everything under a counted token cap;
// from a look cut by its time budget, marked as such (`cut`).
import type { Appeared } from '../types';
import type { DomSnapshot } from '../snapshot/DomSnapshot';
import type { Outline } from '../snapshot/render/outline';
import { estimateTokens } from '../snapshot/render/tokens';
import { TEXT_TAG } from '../snapshot/tree';
import { normalizeWhitespace } from '../dom/dom-utils';
import { POPUP_ROLES } from './lines';
import { isDialogRole } from '../semantics/dialog';
import { messageRegion } from '../snapshot/classify/messages';
import type { NotNews } from '../actions/observation';

export interface AppearedOptions {
  /** Token cap of the whole report. Default 300. */
  maxTokens?: number;
  /** Most new controls listed. Default 12. */
  maxControls?: number;
  /**
   * Nodes whose line is no news of the action (actions/observation.ts): it neither added
   * nor changed them, or they are background churn (a ticker, a clock), merely uncovered,
   * or scrolled into a cut snapshot. `ignore.added`: what the action added.
   */
  ignore?: NotNews;
}

/**
 * `before`: the outline the action was resolved against; null when the action came
 * first (a text target needs no snapshot): then only what `ignore` does not leave out is news, and only
 * what the action added is new (a control it changed was there before it).
 */
export function computeAppeared(before: Outline | null, after: DomSnapshot, options: AppearedOptions = {}): Appeared {
  const ignore = options.ignore;
  if (!before && !ignore) return { tokens: 0 };
  const had = (id: string): number => (before ? before.indexOf(id) : -1);
  /** Not in the look before the action — or, with no look, added by it. */
  const isNew = (i: number): boolean =>
    before ? had(outline.nodes[i].vn.node_id) < 0 : !!ignore?.added && ignore.added(outline.nodes[i].ref);
  const maxTokens = options.maxTokens ?? 300;
  const maxControls = options.maxControls ?? 12;
  const outline = after.outline;
  const fresh: number[] = [];
  for (let i = 0; i < outline.size; i++) {
    const id = outline.nodes[i].vn.node_id;
    if (!id) continue;
    const j = had(id);
    if ((j < 0 || before!.line(j) !== outline.line(i)) && !(ignore && ignore(outline.nodes[i].ref))) fresh.push(i);
  }
  const out: Appeared = { tokens: 0 };
  let tokens = 0;
  const spend = (text: string): boolean => {
    const cost = estimateTokens(text);
    if (tokens + cost > maxTokens) return false;
    tokens += cost;
    return true;
  };

  // 1. Messages: new or changed text inside alerts, live regions, toasts (grouped per region).
  const regions = new Map<Element, string[]>();
  const regionOrder: Element[] = [];
  for (let k = 0; k < fresh.length; k++) {
    const node = outline.nodes[fresh[k]];
    const text = node.vn.tag === TEXT_TAG ? (node.vn.text ?? '') : (node.vn.text ?? node.vn.name ?? '');
    if (!text) continue;
    const region = messageRegion(node.ref);
    if (!region) continue;
    if (!regions.has(region)) {
      regions.set(region, []);
      regionOrder.push(region);
    }
    regions.get(region)!.push(text);
  }
  const alerts: string[] = [];
  for (let k = 0; k < regionOrder.length; k++) {
    const text = cut(normalizeWhitespace(regions.get(regionOrder[k])!.join(' ')), 200);
    if (text && alerts.indexOf(text) < 0 && spend(text)) alerts.push(text);
  }
  // 1b. Messages set again in the same words: no new line, yet not "nothing".
  const again = before && ignore ? sameMessagesWritten(outline, regions, ignore, before) : [];
  for (let k = again.length - 1; k >= 0; k--) if (alerts.indexOf(again[k]) >= 0 || !spend(again[k])) again.splice(k, 1);
  // 2. Field errors: controls that became invalid, with their error text.
  const errors: NonNullable<Appeared['errors']> = [];
  for (let k = 0; k < fresh.length; k++) {
    const vn = outline.nodes[fresh[k]].vn;
    if (!vn.invalid || !vn.actionable) continue;
    const j = had(vn.node_id);
    if (j >= 0 && before!.nodes[j].vn.invalid) continue;
    const message = cut(errorText(outline.nodes[fresh[k]].ref) ?? '', 160);
    const entry = { id: vn.node_id, field: vn.name ?? vn.hint ?? vn.tag, message };
    if (!spend(entry.field + ' ' + message)) break;
    errors.push(entry);
  }
  // 3. A dialog or popup that opened (the outermost new one).
  let opened = -1;
  for (let k = 0; k < fresh.length && opened < 0; k++) {
    const i = fresh[k];
    const vn = outline.nodes[i].vn;
    if (isNew(i) && (isDialogRole(vn.role) || POPUP_ROLES[vn.role ?? ''] === true)) opened = i;
  }
  if (opened >= 0) {
    const vn = outline.nodes[opened].vn;
    out.opened = { role: vn.role!, name: vn.name ?? '', id: vn.node_id };
    spend(`${vn.role} "${vn.name ?? ''}" ${vn.node_id}`);
  }

  // 4. New controls (inside what opened first), with the line the text would show.
  const controls: string[] = [];
  let more = 0;
  const candidates = fresh.filter((i) => outline.nodes[i].vn.actionable && isNew(i));
  if (opened >= 0)
    candidates.sort((a, b) => Number(!outline.within(a, opened)) - Number(!outline.within(b, opened)) || a - b);
  for (let k = 0; k < candidates.length; k++) {
    const line = outline.line(candidates[k]);
    if (controls.length < maxControls && spend(line)) controls.push(line);
    else more++;
  }

  if (alerts.length) out.alerts = alerts;
  if (again.length) out.repeated = again;
  if (errors.length) out.errors = errors;
  if (controls.length) out.controls = controls;
  if (more) out.moreControls = more;
  // A look cut by its time budget (a busy machine, a big page) read part of the page: say so with the counts.
  const stopped = after.walkCut();
  if (stopped) {
    out.cut = stopped;
    tokens += estimateTokens(stopped);
  }
  out.tokens = tokens;
  return out;
}

/**
 * The text of message regions (alerts, status, live regions, toasts) the action wrote
 * again without changing it — a form's submit that sets the same error, a second "Add"
 * that sets the same confirmation. Its line is the same as before, so it is no news; yet
 * the region's text was replaced (a browser tells assistive technology so; whether a
 * screen reader speaks a repeat varies), and the page did something. Regions with a
 * changed line (`changed`: news already) and background churn are left out.
 */
function sameMessagesWritten(
  outline: Outline,
  changed: Map<Element, string[]>,
  ignore: NotNews,
  before: Outline,
): string[] {
  const rewritten = ignore.rewritten;
  if (!rewritten) return [];
  const regions = new Map<Element, string[]>();
  const order: Element[] = [];
  for (let i = 0; i < outline.size; i++) {
    const node = outline.nodes[i];
    if (node.vn.tag !== TEXT_TAG || !node.vn.text || !rewritten(node.ref) || ignore(node.ref)) continue;
    const j = before.indexOf(node.vn.node_id);
    if (j < 0 || before.line(j) !== outline.line(i)) continue;
    const region = messageRegion(node.ref);
    if (!region || changed.has(region)) continue;
    let texts = regions.get(region);
    if (!texts) {
      regions.set(region, (texts = []));
      order.push(region);
    }
    texts.push(node.vn.text);
  }
  const out: string[] = [];
  for (let k = 0; k < order.length; k++) out.push(cut(normalizeWhitespace(regions.get(order[k])!.join(' ')), 200));
  return out;
}

/** The error text of an invalid field: aria-errormessage, else its description (aria-describedby). */
function errorText(node: Node | undefined): string | undefined {
  if (!node || node.nodeType !== 1) return undefined;
  const el = node as Element;
  const refs = (el.getAttribute('aria-errormessage') || el.getAttribute('aria-describedby') || '').split(/\s+/);
  const parts: string[] = [];
  const root = el.getRootNode() as Document | ShadowRoot;
  for (let i = 0; i < refs.length; i++) {
    if (!refs[i]) continue;
    const target = root.getElementById ? root.getElementById(refs[i]) : null;
    if (target && target.textContent) parts.push(target.textContent);
  }
  if (parts.length) return normalizeWhitespace(parts.join(' '));
  const validation = (el as HTMLInputElement).validationMessage;
  return typeof validation === 'string' && validation ? validation : undefined;
}

function cut(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1).trimEnd() + '…';
}
