// upload(id, files) (A7). Files are built in the page ({ name, type, data } with
// text or base64 data) and handed over the two ways a page can receive them:
//  - a file input: `input.files = dataTransfer.files`, then input + change, which
//    is what the browser does after its picker closes. The id may name the input,
//    its label, or the visible "Choose file" button / dropzone that opens a hidden
//    input (the input is found next to it; ambiguity is refused, naming the choices);
//  - a dropzone without an input: dragenter/dragover/drop carrying the files.
// Browsers do not enforce `accept` or `multiple` on this path, so both are checked
// here and refused with a clear error, as the picker would not offer such files.
import type { ActionResult } from '../types';
import type { ActionContext } from './context';
import type { SnapshotLike } from './snapshot-source';
import { DomToolError, failureResult, successResult } from './result';

import { fireEvent, fireInput } from './events';
import { checkEnabled, checkNotCrossOriginFrame, checkVisible, describeElement, scrollIntoViewIfNeeded, targetPoint } from './verify';
import { disabledReason, inputType, isRendered, roleAndName } from '../semantics';
import { hasBox } from '../dom/geometry';
import { dropFiles } from './drag-sequence';
import type { TextTarget } from './text-target';
import { MutationObserverCtor } from '../dom/builtins';

export interface UploadFile {
  name: string;
  /** MIME type; guessed from the extension when missing. */
  type?: string;
  /** File content: text, or base64 when `encoding` is 'base64' (a data: URL is decoded too). */
  data: string;
  encoding?: 'text' | 'base64';
}

export interface UploadOptions {
  /** 'auto' (default): the file input if one belongs to the element, else drop onto it. */
  via?: 'auto' | 'input' | 'drop';
}

const upMsg = {
  badFiles: 'Invalid files: expected { name, type?, data, encoding?: "text" | "base64" } or a list of them.',
  badBase64: (name: string) => `The data of "${name}" is not valid base64.`,
  notMultiple: (id: string, n: number) => `The file input of ${id} accepts one file (no "multiple" attribute); ${n} were given. Upload one file.`,
  notAccepted: (name: string, type: string, accept: string) =>
    `"${name}" (${type || 'unknown type'}) does not match accept="${accept}" of the file input, so the file picker would not offer it. Choose a file of an accepted type.`,
  ambiguous: (id: string, n: number) => `${id} has ${n} file inputs near it; it is not clear which one it opens. Use upload on the label, button or input of the one you mean.`,
  noInput: (id: string, what: string) =>
    `${id} (${what}) is not a file input and no file input belongs to it. Use upload on the "Choose file" button, its label or the dropzone, or pass { via: "drop" } to drop the files onto it.`,
  dropRefused: (id: string, what: string, why: string) => `${id} (${what}) did not accept dropped files (${why}). It is not a dropzone; look for a file input or "Choose file" button instead.`,
  didNotStick: (id: string, got: string[]) => `The file input of ${id} did not keep the files (it holds ${got.length ? got.join(', ') : 'none'}). The page may reset it.`,
  inputOfItsOwn: (id: string, inputId: string, name: string) =>
    `${id} is not the file input's opener: the file input${name ? ` "${name}"` : ''} next to it is a control of its own. Use upload on ${inputId}.`,
  notTheOpener: (id: string, others: number) =>
    `Nothing shows that ${id} opens the file input next to it (${others} other button${others === 1 ? '' : 's'} beside it). Use upload on the button or label that picks the file, or on the dropzone.`,
  usedNearby: (what: string) => `Used the file input that ${what} opens (file inputs are usually hidden behind a button).`,
};

const MIME: Record<string, string> = {
  txt: 'text/plain', csv: 'text/csv', json: 'application/json', html: 'text/html', md: 'text/markdown', xml: 'application/xml',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  pdf: 'application/pdf', zip: 'application/zip', js: 'text/javascript', mp3: 'audio/mpeg', mp4: 'video/mp4',
};

function normalizeFiles(files: unknown): UploadFile[] {
  const list = Array.isArray(files) ? files : [files];
  if (!list.length) throw new DomToolError('VALIDATION_ERROR', upMsg.badFiles);
  const out: UploadFile[] = [];
  for (const f of list) {
    const o = f as Partial<UploadFile>;
    if (!o || typeof o !== 'object' || typeof o.name !== 'string' || !o.name || typeof o.data !== 'string') throw new DomToolError('VALIDATION_ERROR', upMsg.badFiles);
    let type = typeof o.type === 'string' ? o.type : '';
    let data = o.data;
    let encoding = o.encoding === 'base64' ? 'base64' : 'text';
    const dataUrl = /^data:([^;,]*)(;base64)?,/.exec(data);
    if (dataUrl) {
      if (!type) type = dataUrl[1];
      encoding = dataUrl[2] ? 'base64' : 'text';
      data = dataUrl[2] ? data.slice(dataUrl[0].length) : decodeURIComponent(data.slice(dataUrl[0].length));
    }
    if (!type) type = MIME[o.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
    out.push({ name: o.name, type, data, encoding: encoding as 'text' | 'base64' });
  }
  return out;
}

function bytesOf(f: UploadFile): Uint8Array | string {
  if (f.encoding !== 'base64') return f.data;
  let bin: string;
  try {
    bin = atob(f.data.replace(/\s+/g, ''));
  } catch {
    throw new DomToolError('VALIDATION_ERROR', upMsg.badBase64(f.name));
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** A DataTransfer holding the files, built in the element's own realm. */
function transferOf(el: Element, files: UploadFile[]): DataTransfer {
  const win = (el.ownerDocument.defaultView ?? globalThis) as Window & typeof globalThis;
  const dt = new win.DataTransfer();
  for (const f of files) dt.items.add(new win.File([bytesOf(f) as BlobPart], f.name, { type: f.type }));
  return dt;
}

/** accept="image/*,.pdf" → does the file match one token (extension, exact type or type/*)? */
export function matchesAccept(accept: string, name: string, type: string): boolean {
  const tokens = accept.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (!tokens.length) return true;
  const lower = name.toLowerCase();
  const t = type.toLowerCase();
  for (const tok of tokens) {
    if (tok.charAt(0) === '.' && lower.endsWith(tok)) return true;
    if (tok.endsWith('/*') && t.indexOf(tok.slice(0, -1)) === 0) return true;
    if (tok === t) return true;
  }
  return false;
}

function isFileInput(el: Element | null): el is HTMLInputElement {
  return !!el && inputType(el) === 'file';
}

/** The file input an element stands for: itself, its label's control, one inside, or one it owns beside it. */
function fileInputFor(el: Element, id: string, snapshot: SnapshotLike | null): { input: HTMLInputElement | null; nearby: boolean } {
  if (isFileInput(el)) return { input: el, nearby: false };
  const label = el.localName === 'label' ? (el as HTMLLabelElement) : el.closest('label');
  if (label && isFileInput(label.control)) return { input: label.control, nearby: false };
  const controlled = controlledFileInput(el);
  if (controlled) return { input: controlled, nearby: false };
  const inside = el.querySelectorAll('input[type="file"]');
  if (inside.length === 1) return { input: inside[0] as HTMLInputElement, nearby: false };
  if (inside.length > 1) throw new DomToolError('VALIDATION_ERROR', upMsg.ambiguous(id, inside.length));
  // A "Choose file" button that calls hiddenInput.click(): the input sits beside it.
  // Only buttons and links stand for a nearby input; a region or dropzone does not.
  const role = roleAndName(el).role;
  if (role !== 'button' && role !== 'link') return { input: null, nearby: false };
  for (let cur = el.parentElement, i = 0; cur && i < 3; cur = cur.parentElement, i++) {
    const near = cur.querySelectorAll('input[type="file"]');
    if (near.length > 1) throw new DomToolError('VALIDATION_ERROR', upMsg.ambiguous(id, near.length));
    if (near.length === 1) return { input: ownedNearbyInput(el, id, near[0] as HTMLInputElement, cur, snapshot), nearby: true };
  }
  return { input: null, nearby: false };
}

/** An input the element names as what it controls (aria-controls): it is that input's opener. */
function controlledFileInput(el: Element): HTMLInputElement | null {
  const ids = (el.getAttribute('aria-controls') ?? '').split(/\s+/);
  for (const ref of ids) {
    const target = ref ? el.ownerDocument.getElementById(ref) : null;
    if (isFileInput(target)) return target;
  }
  return null;
}

/** Words a file-picking button uses ("Choose file", "Upload photo", "Browse…"). */
const PICKS_FILES = /\b(file|files|upload|choose|browse|attach|select|add|photo|photos|image|images|picture|avatar|document|import|replace)\b/i;

function picksFiles(el: Element): boolean {
  return PICKS_FILES.test(roleAndName(el).name ?? '') || PICKS_FILES.test(el.getAttribute('title') ?? '');
}

/**
 * A3: a file input next to a button is that button's only when nothing says otherwise.
 * An input the snapshot lists as a control of its own (visible, with its own id) is used
 * through that id, never through a neighbour; with other buttons beside it, only the one
 * whose words say it picks files (and no rival that says so too) stands for it.
 */
function ownedNearbyInput(el: Element, id: string, input: HTMLInputElement, scope: Element, snapshot: SnapshotLike | null): HTMLInputElement {
  const inputId = snapshot?.getNodeId(input);
  // Without a snapshot (a text target before any was taken) a visible input counts as a control of its own (A3).
  const ownControl = snapshot ? !!inputId && snapshot.has(inputId) : isRendered(input) && hasBox(input.getBoundingClientRect());
  if (ownControl) throw new DomToolError('VALIDATION_ERROR', upMsg.inputOfItsOwn(id, inputId || 'it (take a snapshot for its id)', roleAndName(input).name ?? ''));
  const rivals: Element[] = [];
  const controls = scope.querySelectorAll('button, a[href], [role="button"], [role="link"], input[type="button"], input[type="submit"]');
  for (let i = 0; i < controls.length; i++) {
    const c = controls[i];
    if (c !== el && !el.contains(c) && !c.contains(el)) rivals.push(c);
  }
  if (!rivals.length) return input;
  if (picksFiles(el) && !rivals.some(picksFiles)) return input;
  throw new DomToolError('VALIDATION_ERROR', upMsg.notTheOpener(id, rivals.length));
}

/**
 * `target` is a node id or the text the agent read (A9: "Drop a file here" on a zone with no
 * id of its own, issue 21 item 3); messages name it by `id` (the node id, or `text "…"`).
 */
export async function runUpload(ctx: ActionContext, start: number, target: string | TextTarget, files: unknown, options: UploadOptions = {}): Promise<ActionResult> {
  const list = normalizeFiles(files);
  const via = options.via ?? 'auto';
  if (via !== 'auto' && via !== 'input' && via !== 'drop') throw new DomToolError('VALIDATION_ERROR', 'Invalid via: expected "auto", "input" or "drop".');
  const { element, snapshot, label: id } = await ctx.resolvePointer(target);
  checkNotCrossOriginFrame(element, id);
  const what = describeElement(element, snapshot);
  const found = via === 'drop' ? { input: null, nearby: false } : fileInputFor(element, id, snapshot);
  const input = found.input;
  if (!input) {
    if (via === 'input') throw new DomToolError('VALIDATION_ERROR', upMsg.noInput(id, what));
    return dropOnto(ctx, start, id, element, snapshot, list);
  }
  // The input itself is usually hidden; what a person uses (the id) must be visible.
  if (element !== input) checkVisible(element, id, snapshot);
  checkEnabled(element, id, snapshot);
  if (disabledReason(input)) checkEnabled(input, id, snapshot);
  if (list.length > 1 && !input.multiple) throw new DomToolError('VALIDATION_ERROR', upMsg.notMultiple(id, list.length));
  const accept = input.getAttribute('accept') ?? '';
  for (const f of list) if (accept && !matchesAccept(accept, f.name, f.type ?? '')) throw new DomToolError('VALIDATION_ERROR', upMsg.notAccepted(f.name, f.type ?? '', accept));

  const watch = ctx.watch(input, snapshot);
  input.files = transferOf(input, list).files;
  fireInput(input, 'input', 'insertReplacementText', null);
  fireEvent(input, 'change');
  const obs = await ctx.settle(watch);
  const got: string[] = [];
  const held = input.files;
  if (held) for (let i = 0; i < held.length; i++) got.push(held[i].name);
  obs.effect.files = got;
  const notes = found.nearby ? [upMsg.usedNearby(what)] : [];
  // Pages commonly clear the input after reading it (so the same file can be picked
  // again): an emptied input with a page reaction is a receipt, not a failure.
  const kept = got.length === list.length && list.every((f, i) => got[i] === f.name);
  if (!kept && (obs.noEffect || got.length)) return failureResult(start, new DomToolError('ACTION_FAILED', upMsg.didNotStick(id, got)), obs.effect, notes);
  if (!kept) {
    obs.effect.files = list.map((f) => f.name);
    notes.push('The page read the files and then cleared the input.');
  }
  return ctx.finish(start, obs, 'upload', notes);
}

async function dropOnto(ctx: ActionContext, start: number, id: string, zone: Element, snapshot: SnapshotLike | null, list: UploadFile[]): Promise<ActionResult> {
  checkVisible(zone, id, snapshot);
  checkEnabled(zone, id, snapshot);
  scrollIntoViewIfNeeded(zone);
  const point = targetPoint(zone) ?? ctx.pointerTarget(zone, id, snapshot).point;
  const watch = ctx.watch(zone, snapshot);
  const reaction = watchReaction(zone);
  const dropped = await dropFiles(zone, point, transferOf(zone, list));
  const obs = await ctx.settle(watch);
  const reacted = reaction();
  if (!dropped.accepted) return failureResult(start, new DomToolError('ACTION_FAILED', upMsg.dropRefused(id, describeElement(zone, snapshot), 'no dragover handler allowed the drop')), obs.effect);
  // Pages often cancel dragover on the whole document (so a stray drop does not
  // navigate): an accepted drop that nothing reacted to did not reach a dropzone.
  if (!reacted) return failureResult(start, new DomToolError('ACTION_FAILED', upMsg.dropRefused(id, describeElement(zone, snapshot), 'the drop was allowed but nothing in the page reacted to it')), obs.effect);
  obs.effect.files = list.map((f) => f.name);
  return successResult(start, obs.effect, ['Dropped the files onto the element (drag and drop from outside the page).']);
}

/**
 * Did the page react to a drop? Content changes anywhere, or any change inside the
 * zone — but not attribute churn elsewhere (libraries touch their own hidden inputs
 * on every document-level drag event).
 */
function watchReaction(zone: Element): () => boolean {
  let reacted = false;
  const Ctor = MutationObserverCtor;
  if (!Ctor) return () => true;
  const mo = new Ctor((records) => {
    for (const r of records) if (r.type !== 'attributes' || zone.contains(r.target)) reacted = true;
  });
  mo.observe(zone.getRootNode(), { subtree: true, childList: true, characterData: true, attributes: true });
  return () => {
    for (const r of mo.takeRecords()) if (r.type !== 'attributes' || zone.contains(r.target)) reacted = true;
    mo.disconnect();
    return reacted;
  };
}
