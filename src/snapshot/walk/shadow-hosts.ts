// Shadow roots the walk enters: open ones, closed ones the extension can open
// (options.shadowRootOf), and the sign of a closed one it cannot (S8).
import type { ResolvedSnapshotOptions } from '../../options';
import { wordList } from '../../semantics/element';

/**
 * Elements that can host a shadow root besides custom elements (DOM Standard,
 * attachShadow's "valid shadow host name").
 */
const SHADOW_HOST_TAGS = wordList(
  'article aside blockquote body div footer h1 h2 h3 h4 h5 h6 header main nav p section span',
);

export function shadowRootFor(el: Element, tag: string, options: ResolvedSnapshotOptions): ShadowRoot | null {
  const open = el.shadowRoot;
  if (open) return open;
  if (options.shadowRootOf && mayHostClosedRoot(el, tag)) {
    try {
      return options.shadowRootOf(el) ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Worth asking options.shadowRootOf (chrome.dom.openOrClosedShadowRoot): every custom
 * element, and a standard host (div, span, section, …) without light content of its own —
 * a host shows its shadow tree, so the usual closed widget is an empty <div> that still
 * renders. One set lookup per element, and the hook only for the few empty hosts.
 */
function mayHostClosedRoot(el: Element, tag: string): boolean {
  if (tag.indexOf('-') > 0) return true;
  return (
    SHADOW_HOST_TAGS.has(tag) &&
    el.firstElementChild === null &&
    (el.firstChild === null || !/\S/.test(el.textContent ?? ''))
  );
}

/**
 * Closed shadow roots are invisible to page scripts. A custom element that renders a
 * box but has no light children to render is the telltale sign; we say so (S8).
 */
export function looksLikeClosedShadowHost(el: Element, tag: string): boolean {
  return tag.indexOf('-') > 0 && !el.firstElementChild && !/\S/.test(el.textContent ?? '');
}
