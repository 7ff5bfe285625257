// ActionResult → one line for an LLM (A10, issue 23 §5). The JSON result is for
// programs; an agent reads this: what happened, what appeared (with the ids to use
// next), what happened beyond the page — a dialog answered, a tab opened, a file
// downloaded — and "ok" alone when nothing notable did. The wording of these lines
// lives here (the messages it repeats come from result.ts). Built only from fields
// that never carry a field's value (S12): no valueAfter, no typed text.
import type { ActionResult, Appeared } from '../types';
import { isNoEffectNote, msg } from './result';

/** Notes already said by a part of the line (or by `noObservableEffect`). */
const SAID_ELSEWHERE: string[] = [msg.formSubmitted];

const MAX_PART = 160;

export function renderResultText(result: ActionResult): string {
  if (!result.ok) {
    const e = result.error;
    return e ? `failed ${e.code}: ${e.message}` : 'failed';
  }
  const effect = result.effect;
  const parts: string[] = [];
  const appeared = effect?.appeared;
  // A navigation that began but has not arrived (`leaving`) is told by its note: nothing has loaded yet.
  if (effect?.leaving === undefined) {
    if (appeared?.navigated) parts.push('navigated to ' + appeared.navigated);
    else if (effect?.navigated && effect.urlAfter) parts.push('navigated to ' + effect.urlAfter);
  }
  if (effect?.dialogs) for (const d of effect.dialogs) parts.push(dialogPart(d));
  if (effect?.newTab)
    parts.push(
      `opened new tab ${effect.newTab.tabId}${effect.newTab.url ? ' ' + cut(effect.newTab.url, 120) : ''} (act there with its tabId)`,
    );
  // A link followed outside the page, as the page saw it; the extension's own sighting (newTab, download) says more.
  if (effect?.followed && !effect.newTab && !effect.download) parts.push(followedPart(effect.followed));
  if (effect?.download)
    parts.push(
      `download started: "${cut(effect.download.filename || effect.download.url || 'file', 80)}"${effect.download.state ? ' (' + effect.download.state + ')' : ''}`,
    );
  if (appeared) parts.push(...appearedParts(appeared));
  if (effect?.moved) parts.push(cut(effect.moved, MAX_PART));
  if (effect?.files?.length) parts.push('files: ' + cut(effect.files.join(', '), MAX_PART));
  // Nothing changed, and the action said why (a scroll already at the end): that reason, not a guess at ignored events.
  const explained =
    !!result.noObservableEffect && !!result.notes && result.notes.length > 0 && !result.notes.some(isNoEffectNote);
  if (result.notes)
    for (const note of result.notes)
      if (
        SAID_ELSEWHERE.indexOf(note) < 0 &&
        !isNavigationNote(note, effect?.urlAfter) &&
        (!result.noObservableEffect || explained)
      )
        parts.push(note);
  if (result.noObservableEffect && !explained)
    parts.push('no visible effect (the page may ignore synthetic events; check before repeating)');
  else if (!parts.length && effect && effect.mutations > 0) parts.push('page changed');
  if (effect && effect.settled === false && !effect.navigated) parts.push('page still busy (not settled)');
  return parts.length ? 'ok; ' + parts.join('; ') : 'ok';
}

function appearedParts(a: Appeared): string[] {
  const out: string[] = [];
  if (a.blocker)
    out.push(
      `blocked by ${a.blocker.kind === 'captcha' ? 'a CAPTCHA' + (a.blocker.vendor ? ' (' + a.blocker.vendor + ')' : '') : a.blocker.kind === 'login' ? 'a sign-in wall' : 'a cookie wall'}: a person is needed`,
    );
  if (a.alerts) for (const text of a.alerts) out.push(`message "${cut(text, MAX_PART)}"`);
  if (a.repeated) for (const text of a.repeated) out.push(`message "${cut(text, MAX_PART)}" set again (same text)`);
  if (a.errors)
    for (const e of a.errors)
      out.push(`invalid ${e.id} "${e.field}"${e.message ? ': ' + cut(e.message, MAX_PART) : ''}`);
  if (a.opened) out.push(`opened ${a.opened.role}${a.opened.name ? ` "${a.opened.name}"` : ''} ${a.opened.id}`);
  // From a cut look the list and its count are of the part read: said with them, not as if complete
  // (with no list there is no count to qualify; the cut page's own text already says it is cut).
  const partial = a.cut ? `the look after the action stopped at its ${a.cut}` : '';
  if (a.controls && a.controls.length)
    out.push(
      'new: ' +
        a.controls.join(', ') +
        (a.moreControls
          ? ` (+${a.moreControls} more${partial ? ' at least: ' + partial : ''})`
          : partial
            ? ` (maybe more: ${partial})`
            : ''),
    );
  return out;
}

function followedPart(f: NonNullable<NonNullable<ActionResult['effect']>['followed']>): string {
  return f.opens === 'new-tab'
    ? `followed link to ${cut(f.url, 120)}: it opens in a new tab (outside this page)`
    : `followed download link ${cut(f.url, 120)}: the browser saves the file (outside this page)`;
}

type DialogEntry = NonNullable<NonNullable<ActionResult['effect']>['dialogs']>[number];

function dialogPart(d: DialogEntry): string {
  const said = `${d.type} "${cut(d.message, MAX_PART)}"`;
  if (d.type === 'alert') return said;
  if (!d.accepted) return `${said} answered Cancel (to answer OK, repeat with dialog: "accept")`;
  // A prompt's answer came from the caller (it may be a secret): not repeated here.
  return `${said} answered OK`;
}

function isNavigationNote(note: string, url: string | undefined): boolean {
  return url !== undefined && note === msg.navigated(url);
}

function cut(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…';
}
