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
import { scrollIntoViewIfNeeded, targetPoint } from '../dom/geometry';
import { checkEnabled, checkNotCrossOriginFrame, checkVisible } from './verify';
import { describeElement } from './describe';
import { disabledReason } from '../semantics';
import { dropFiles } from './drag-sequence';
import type { TextTarget } from './text-target';
import { retarget } from './retarget';
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
  notMultiple: (id: string, n: number) =>
    `The file input of ${id} accepts one file (no "multiple" attribute); ${n} were given. Upload one file.`,
  notAccepted: (name: string, type: string, accept: string) =>
    `"${name}" (${type || 'unknown type'}) does not match accept="${accept}" of the file input, so the file picker would not offer it. Choose a file of an accepted type.`,
  noInput: (id: string, what: string) =>
    `${id} (${what}) is not a file input and no file input belongs to it. Use upload on the "Choose file" button, its label or the dropzone, or pass { via: "drop" } to drop the files onto it.`,
  dropRefused: (id: string, what: string, why: string) =>
    `${id} (${what}) did not accept dropped files (${why}). It is not a dropzone; look for a file input or "Choose file" button instead.`,
  didNotStick: (id: string, got: string[]) =>
    `The file input of ${id} did not keep the files (it holds ${got.length ? got.join(', ') : 'none'}). The page may reset it.`,
  usedNearby: (what: string) =>
    `Used the file input that ${what} opens (file inputs are usually hidden behind a button).`,
};

const MIME: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  md: 'text/markdown',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  js: 'text/javascript',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

function normalizeFiles(files: unknown): UploadFile[] {
  const list = Array.isArray(files) ? files : [files];
  if (!list.length) throw new DomToolError('VALIDATION_ERROR', upMsg.badFiles);
  const out: UploadFile[] = [];
  for (const f of list) {
    const o = f as Partial<UploadFile>;
    if (!o || typeof o !== 'object' || typeof o.name !== 'string' || !o.name || typeof o.data !== 'string')
      throw new DomToolError('VALIDATION_ERROR', upMsg.badFiles);
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
  const tokens = accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
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

/**
 * `target` is a node id or the text the agent read (A9: "Drop a file here" on a zone with no
 * id of its own, issue 21 item 3); messages name it by `id` (the node id, or `text "…"`).
 */
export async function runUpload(
  ctx: ActionContext,
  start: number,
  target: string | TextTarget,
  files: unknown,
  options: UploadOptions = {},
): Promise<ActionResult> {
  const list = normalizeFiles(files);
  const via = options.via ?? 'auto';
  if (via !== 'auto' && via !== 'input' && via !== 'drop')
    throw new DomToolError('VALIDATION_ERROR', 'Invalid via: expected "auto", "input" or "drop".');
  const { element, snapshot, label: id } = await ctx.resolvePointer(target);
  checkNotCrossOriginFrame(element, id);
  const what = describeElement(element, snapshot);
  const found = via === 'drop' ? { input: null, nearby: false } : retarget(element, 'file', id, snapshot);
  const input = found.input;
  if (!input) {
    if (via === 'input') throw new DomToolError('VALIDATION_ERROR', upMsg.noInput(id, what));
    return dropOnto(ctx, start, id, element, snapshot, list);
  }
  // The input itself is usually hidden; what a person uses (the id) must be visible.
  if (element !== input) checkVisible(element, id, snapshot);
  checkEnabled(element, id, snapshot);
  if (disabledReason(input)) checkEnabled(input, id, snapshot);
  if (list.length > 1 && !input.multiple)
    throw new DomToolError('VALIDATION_ERROR', upMsg.notMultiple(id, list.length));
  const accept = input.getAttribute('accept') ?? '';
  for (const f of list)
    if (accept && !matchesAccept(accept, f.name, f.type ?? ''))
      throw new DomToolError('VALIDATION_ERROR', upMsg.notAccepted(f.name, f.type ?? '', accept));

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
  if (!kept && (obs.noEffect || got.length))
    return failureResult(start, new DomToolError('ACTION_FAILED', upMsg.didNotStick(id, got)), obs.effect, notes);
  if (!kept) {
    obs.effect.files = list.map((f) => f.name);
    notes.push('The page read the files and then cleared the input.');
  }
  return ctx.finish(start, obs, 'upload', notes);
}

async function dropOnto(
  ctx: ActionContext,
  start: number,
  id: string,
  zone: Element,
  snapshot: SnapshotLike | null,
  list: UploadFile[],
): Promise<ActionResult> {
  checkVisible(zone, id, snapshot);
  checkEnabled(zone, id, snapshot);
  scrollIntoViewIfNeeded(zone);
  const point = targetPoint(zone) ?? ctx.pointerTarget(zone, id, snapshot).point;
  const watch = ctx.watch(zone, snapshot);
  const reaction = watchReaction(zone);
  const dropped = await dropFiles(zone, point, transferOf(zone, list));
  const obs = await ctx.settle(watch);
  const reacted = reaction();
  if (!dropped.accepted)
    return failureResult(
      start,
      new DomToolError(
        'ACTION_FAILED',
        upMsg.dropRefused(id, describeElement(zone, snapshot), 'no dragover handler allowed the drop'),
      ),
      obs.effect,
    );
  // Pages often cancel dragover on the whole document (so a stray drop does not
  // navigate): an accepted drop that nothing reacted to did not reach a dropzone.
  if (!reacted)
    return failureResult(
      start,
      new DomToolError(
        'ACTION_FAILED',
        upMsg.dropRefused(
          id,
          describeElement(zone, snapshot),
          'the drop was allowed but nothing in the page reacted to it',
        ),
      ),
      obs.effect,
    );
  obs.effect.files = list.map((f) => f.name);
  return successResult(start, obs.effect, [
    'Dropped the files onto the element (drag and drop from outside the page).',
  ]);
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
