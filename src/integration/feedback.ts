// Visible feedback (seeds 003/004 `visualEffect`): where the agent just acted, for the
// person watching — a cursor gliding to the point and a ripple for clicks, a fading
// outline around a field being typed into.
//
// Drawn like the highlight overlay: a host of our own carrying OVERLAY_ATTRIBUTE (the
// snapshot skips it, freshness and effect observation ignore it), a CLOSED shadow root,
// pointer-events:none. Styles are set through the CSSOM and animated with the Web
// Animations API only — neither is subject to a page's style-src CSP — and any failure
// is swallowed: feedback must never break or delay an action.
import { OVERLAY_ATTRIBUTE } from '../overlay/highlight';
import { setTimer } from '../dom/builtins';

export type FeedbackKind = 'click' | 'point' | 'field';

const HOST_STYLE: [string, string][] = [
  ['all', 'initial'],
  ['display', 'block'],
  ['position', 'fixed'],
  ['top', '0'],
  ['left', '0'],
  ['width', '0'],
  ['height', '0'],
  ['overflow', 'visible'],
  ['z-index', '2147483647'],
  ['pointer-events', 'none'],
];
const COLOR = '#4363d8';
const LIFETIME_MS = 900;

/** Where the cursor was last drawn, per document: the next one glides from there. */
// Made on first use, not at load (R1: a page may have replaced the constructor before we loaded; issue 19).
let lastPoint: WeakMap<Document, { x: number; y: number }> | undefined;

function css(el: HTMLElement, props: [string, string][]): void {
  for (let i = 0; i < props.length; i++) el.style.setProperty(props[i][0], props[i][1], 'important');
}

function part(doc: Document, props: [string, string][]): HTMLElement {
  const el = doc.createElement('div');
  css(el, [['position', 'fixed'], ['pointer-events', 'none'], ['box-sizing', 'border-box'], ...props]);
  return el;
}

/** Shows feedback for an action on `target`. Never throws. */
export function showFeedback(_doc: Document, target: Element, kind: FeedbackKind): void {
  try {
    if (!target.isConnected) return;
    const doc = target.ownerDocument;
    const r = target.getBoundingClientRect();
    const x = Math.round(r.left + r.width / 2);
    const y = Math.round(r.top + r.height / 2);
    const host = doc.createElement('browserx-feedback');
    host.setAttribute(OVERLAY_ATTRIBUTE, '');
    host.setAttribute('aria-hidden', 'true');
    css(host, HOST_STYLE);
    const root = host.attachShadow({ mode: 'closed' });
    const animate = (el: HTMLElement, frames: Keyframe[], ms: number) => {
      try {
        el.animate(frames, { duration: ms, easing: 'ease-out', fill: 'forwards' });
      } catch {
        /* no Web Animations: the static shape still shows until removal */
      }
    };

    if (kind === 'field') {
      const box = part(doc, [
        ['left', r.left - 3 + 'px'],
        ['top', r.top - 3 + 'px'],
        ['width', r.width + 6 + 'px'],
        ['height', r.height + 6 + 'px'],
        ['border', `3px solid ${COLOR}`],
        ['border-radius', '4px'],
      ]);
      root.appendChild(box);
      animate(box, [{ opacity: 1 }, { opacity: 1, offset: 0.6 }, { opacity: 0 }], LIFETIME_MS);
    } else {
      lastPoint ??= new WeakMap();
      const from = lastPoint.get(doc) ?? { x: x - 40, y: y - 40 };
      const cursor = part(doc, [
        ['left', '0'],
        ['top', '0'],
        ['width', '14px'],
        ['height', '14px'],
        ['border-radius', '50% 50% 50% 0'],
        ['background', COLOR],
        ['border', '2px solid #fff'],
        ['box-shadow', '0 1px 3px rgba(0,0,0,.4)'],
        ['transform', `translate(${x}px, ${y}px)`],
      ]);
      root.appendChild(cursor);
      animate(
        cursor,
        [{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${x}px, ${y}px)` }],
        250,
      );
      if (kind === 'click') {
        const ripple = part(doc, [
          ['left', x - 20 + 'px'],
          ['top', y - 20 + 'px'],
          ['width', '40px'],
          ['height', '40px'],
          ['border-radius', '50%'],
          ['border', `3px solid ${COLOR}`],
          ['opacity', '0'],
        ]);
        root.appendChild(ripple);
        animate(
          ripple,
          [
            { transform: 'scale(.3)', opacity: 1 },
            { transform: 'scale(1.6)', opacity: 0 },
          ],
          600,
        );
      }
      lastPoint?.set(doc, { x, y });
    }
    doc.documentElement.appendChild(host);
    setTimer(() => host.remove(), LIFETIME_MS + 100);
  } catch {
    /* feedback fails quietly (CSP, frozen documents, exotic pages) */
  }
}
