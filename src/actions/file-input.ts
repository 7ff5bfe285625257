// Which file input an upload goes to (A7, A3): the element itself, its label's control,
// the input it names (aria-controls), the one inside it, or — for a "Choose file" button
// that opens a hidden input beside it — that input, when nothing says it belongs to
// another control. Ambiguity is refused, naming the choices.
import type { SnapshotLike } from './snapshot-source';
import { DomToolError } from './result';
import { hasBox, inputType, isRendered, roleAndName } from '../semantics';

const fileMsg = {
  ambiguous: (id: string, n: number) =>
    `${id} has ${n} file inputs near it; it is not clear which one it opens. Use upload on the label, button or input of the one you mean.`,
  inputOfItsOwn: (id: string, inputId: string, name: string) =>
    `${id} is not the file input's opener: the file input${name ? ` "${name}"` : ''} next to it is a control of its own. Use upload on ${inputId}.`,
  notTheOpener: (id: string, others: number) =>
    `Nothing shows that ${id} opens the file input next to it (${others} other button${others === 1 ? '' : 's'} beside it). Use upload on the button or label that picks the file, or on the dropzone.`,
};

function isFileInput(el: Element | null): el is HTMLInputElement {
  return !!el && inputType(el) === 'file';
}

/** The file input an element stands for: itself, its label's control, one inside, or one it owns beside it. */
export function fileInputFor(
  el: Element,
  id: string,
  snapshot: SnapshotLike | null,
): { input: HTMLInputElement | null; nearby: boolean } {
  if (isFileInput(el)) return { input: el, nearby: false };
  const label = el.localName === 'label' ? (el as HTMLLabelElement) : el.closest('label');
  if (label && isFileInput(label.control)) return { input: label.control, nearby: false };
  const controlled = controlledFileInput(el);
  if (controlled) return { input: controlled, nearby: false };
  const inside = el.querySelectorAll('input[type="file"]');
  if (inside.length === 1) return { input: inside[0] as HTMLInputElement, nearby: false };
  if (inside.length > 1) throw new DomToolError('VALIDATION_ERROR', fileMsg.ambiguous(id, inside.length));
  // A "Choose file" button that calls hiddenInput.click(): the input sits beside it.
  // Only buttons and links stand for a nearby input; a region or dropzone does not.
  const role = roleAndName(el).role;
  if (role !== 'button' && role !== 'link') return { input: null, nearby: false };
  for (let cur = el.parentElement, i = 0; cur && i < 3; cur = cur.parentElement, i++) {
    const near = cur.querySelectorAll('input[type="file"]');
    if (near.length > 1) throw new DomToolError('VALIDATION_ERROR', fileMsg.ambiguous(id, near.length));
    if (near.length === 1)
      return { input: ownedNearbyInput(el, id, near[0] as HTMLInputElement, cur, snapshot), nearby: true };
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
const PICKS_FILES =
  /\b(file|files|upload|choose|browse|attach|select|add|photo|photos|image|images|picture|avatar|document|import|replace)\b/i;

function picksFiles(el: Element): boolean {
  return PICKS_FILES.test(roleAndName(el).name ?? '') || PICKS_FILES.test(el.getAttribute('title') ?? '');
}

/**
 * A3: a file input next to a button is that button's only when nothing says otherwise.
 * An input the snapshot lists as a control of its own (visible, with its own id) is used
 * through that id, never through a neighbour; with other buttons beside it, only the one
 * whose words say it picks files (and no rival that says so too) stands for it.
 */
function ownedNearbyInput(
  el: Element,
  id: string,
  input: HTMLInputElement,
  scope: Element,
  snapshot: SnapshotLike | null,
): HTMLInputElement {
  const inputId = snapshot?.getNodeId(input);
  // Without a snapshot (a text target before any was taken) a visible input counts as a control of its own (A3).
  const ownControl = snapshot
    ? !!inputId && snapshot.has(inputId)
    : isRendered(input) && hasBox(input.getBoundingClientRect());
  if (ownControl)
    throw new DomToolError(
      'VALIDATION_ERROR',
      fileMsg.inputOfItsOwn(id, inputId || 'it (take a snapshot for its id)', roleAndName(input).name ?? ''),
    );
  const rivals: Element[] = [];
  const controls = scope.querySelectorAll(
    'button, a[href], [role="button"], [role="link"], input[type="button"], input[type="submit"]',
  );
  for (let i = 0; i < controls.length; i++) {
    const c = controls[i];
    if (c !== el && !el.contains(c) && !c.contains(el)) rivals.push(c);
  }
  if (!rivals.length) return input;
  if (picksFiles(el) && !rivals.some(picksFiles)) return input;
  throw new DomToolError('VALIDATION_ERROR', fileMsg.notTheOpener(id, rivals.length));
}
