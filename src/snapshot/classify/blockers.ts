// What stops an agent and needs a person (S16): a CAPTCHA, a sign-in wall, a cookie
// wall. Named once, in the snapshot header, so the agent hands over instead of clicking
// around. Conservative — a false blocker is worse than none:
//  - CAPTCHA: a visible widget or challenge of a known vendor (its frame or its DOM
//    container), or a challenge page. Invisible badges (reCAPTCHA v3, invisible
//    hCaptcha/Turnstile) and text that merely mentions a captcha are not blockers.
//  - Sign-in and cookie walls: only a layer that blocks the page (a modal dialog or a
//    full-viewport overlay, classify/modal.ts) whose own words gate the content behind
//    signing in, or ask for cookie consent. A login page or a small cookie banner is not.
import type { PageBlocker } from '../../types';
import { getStyle } from '../../dom/caches';
import { isRendered, shown } from '../../semantics';

interface Vendor {
  name: string;
  /** Matches a frame URL of its visible widget or challenge. */
  frame: RegExp;
  /** Its widget container in the page (before or instead of its frame). */
  container?: string;
}

const VENDORS: Vendor[] = [
  {
    name: 'reCAPTCHA',
    frame: /^https:\/\/(?:www\.)?(?:google\.com|recaptcha\.net)\/recaptcha\/(?:api2|enterprise)\/(?:anchor|bframe)/i,
    container: '.g-recaptcha',
  },
  { name: 'hCaptcha', frame: /^https:\/\/(?:[\w-]+\.)?hcaptcha\.com\/captcha\//i, container: '.h-captcha' },
  {
    name: 'Cloudflare Turnstile',
    frame: /^https:\/\/challenges\.cloudflare\.com\/cdn-cgi\/challenge-platform\//i,
    container: '.cf-turnstile',
  },
  { name: 'Arkose Labs', frame: /^https:\/\/(?:[\w-]+\.)?(?:arkoselabs\.com|funcaptcha\.com)\//i },
  { name: 'DataDome', frame: /^https:\/\/(?:[\w-]+\.)?captcha-delivery\.com\//i },
  { name: 'GeeTest', frame: /^https:\/\/(?:[\w-]+\.)?geetest\.com\//i, container: '.geetest_holder,.geetest_panel' },
];

const CHALLENGE_PAGE =
  '#challenge-running,#cf-challenge-running,#challenge-form[action*="__cf_chl"],.cf-browser-verification';
/** Every vendor's container above and the challenge page, as one selector (kept in step with VENDORS; a unit test checks). */
export const ANY_MARKER = '.g-recaptcha,.h-captcha,.cf-turnstile,.geetest_holder,.geetest_panel,' + CHALLENGE_PAGE;
export const VENDOR_CONTAINERS = (): string[] => VENDORS.filter((v) => v.container).map((v) => v.container!);

/** Smallest widget box that a person can see and must use (the invisible badges are far larger, so visibility decides those). */
const MIN_WIDGET = 30;

/** A gate in the layer's own words: sign in / create an account *to* continue, read, see… */
const SIGN_IN_GATE =
  /\b(?:sign|log)\s?(?:in|up)\b[^.!?]{0,60}?\b(?:to|and)\s+(?:continue|keep reading|read|view|see|access|unlock|watch|listen|get full access)\b|\b(?:create|make|register)\s+(?:a\s+|an\s+)?(?:free\s+)?account\s+to\b|\b(?:members?|subscribers?)[- ]only\b/i;
const SIGN_IN_CONTROL = /^(?:(?:sign|log)\s?in|continue with \w+|sign in with \w+|log in with \w+)\b/i;
const COOKIE_WORDS = /\b(?:cookies?|consent|gdpr|tracking technologies|we value your privacy)\b/i;
const CONSENT_CONTROL =
  /^(?:accept|agree|allow|reject|decline|refuse|consent|ok(?:ay)?,? (?:i agree|got it)|i (?:accept|agree)|got it)\b/i;

/**
 * The blocker on this page, if any. `modal`: the open modal dialog (classify/modal.ts);
 * `layer`: what the snapshot was confined to because it blocks the page (an overlay's
 * roots), when there is one.
 */
export function detectBlocker(doc: Document, modal: Element | null, layer: Element[] | null): PageBlocker | null {
  try {
    const captcha = findCaptcha(doc);
    if (captcha) return { kind: 'captcha', vendor: captcha };
    const roots = modal ? [modal] : layer;
    if (!roots || !roots.length) return null;
    const text = layerText(roots);
    if (SIGN_IN_GATE.test(text) && hasControl(roots, SIGN_IN_CONTROL, true)) return { kind: 'login' };
    if (COOKIE_WORDS.test(text) && hasControl(roots, CONSENT_CONTROL, false)) return { kind: 'cookie-wall' };
  } catch {
    /* a blocker is extra information: none rather than a throw (R1) */
  }
  return null;
}

function findCaptcha(doc: Document): string | null {
  const frames = doc.getElementsByTagName('iframe');
  for (let i = 0; i < frames.length; i++) {
    const src = frames[i].getAttribute('src') ?? '';
    if (!src || /[?&#]size=invisible\b/i.test(src)) continue;
    for (let v = 0; v < VENDORS.length; v++)
      if (VENDORS[v].frame.test(src) && shownAsWidget(frames[i])) return VENDORS[v].name;
  }
  // The common answer (none) first: does any vendor's container or the challenge page exist?
  if (!anyMatch(doc, ANY_MARKER)) return null;
  for (let v = 0; v < VENDORS.length; v++) {
    const selector = VENDORS[v].container;
    if (!selector) continue;
    const found = doc.querySelectorAll(selector);
    for (let i = 0; i < found.length; i++) {
      if ((found[i].getAttribute('data-size') ?? '').toLowerCase() === 'invisible') continue;
      if (shownAsWidget(found[i])) return VENDORS[v].name;
    }
  }
  // A challenge page that stands between the agent and the site (Cloudflare's "Just a moment…").
  if (anyMatch(doc, CHALLENGE_PAGE)) return 'Cloudflare challenge';
  return null;
}

/**
 * Whether any selector of a comma-separated list matches, without matching the list
 * element by element (Chromium: ~80 ns an element for ANY_MARKER). A lone class asks the
 * document's class collection (cached by the browser until the DOM changes: ~0 on the
 * next snapshot, where even a fast-path query scanned the page: ~0.3 ms for the nine on
 * a 10,000-element page, 17 µs on a 750-element one; now ~1 µs on any); a selector that
 * starts with an id asks the id map first — without that id it cannot match, with it
 * the query itself decides. Not in quirks mode: there selectors match ids ignoring case
 * and getElementById does not (classes agree).
 */
function anyMatch(doc: Document, list: string): boolean {
  const probes = probesOf(list);
  const quirks = doc.compatMode === 'BackCompat';
  for (let i = 0; i < probes.length; i++) {
    const p = probes[i];
    if (p.className) {
      if (doc.getElementsByClassName(p.className).length) return true;
      continue;
    }
    if (p.id && !quirks) {
      if (!doc.getElementById(p.id)) continue;
      if (p.idOnly) return true;
    }
    if (doc.querySelector(p.selector)) return true;
  }
  return false;
}

/** One selector of a marker list, parsed once: a lone class, or what id it starts with. */
interface Probe {
  selector: string;
  className: string;
  id: string;
  idOnly: boolean;
}

/** Parsed on first use (R1: nothing runs at load), per list. */
let probeLists: { list: string; probes: Probe[] }[] | undefined;

function probesOf(list: string): Probe[] {
  probeLists ??= [];
  for (let i = 0; i < probeLists.length; i++) if (probeLists[i].list === list) return probeLists[i].probes;
  const probes = list.split(',').map((selector): Probe => {
    const lone = /^\.([\w-]+)$/.exec(selector);
    const id = lone ? null : /^#([\w-]+)(.*)$/.exec(selector);
    return { selector, className: lone ? lone[1] : '', id: id ? id[1] : '', idOnly: !!id && !id[2] };
  });
  probeLists.push({ list, probes });
  return probes;
}

/**
 * shown, and at least widget-sized: differs from `shown` on purpose — a CAPTCHA vendor
 * leaves a tiny badge or a collapsed frame on pages it does not challenge; only a widget
 * a person must solve blocks the page.
 */
function shownAsWidget(el: Element): boolean {
  if (!shown(el, getStyle(el))) return false;
  const r = el.getBoundingClientRect();
  return r.width >= MIN_WIDGET && r.height >= MIN_WIDGET;
}

function layerText(roots: Element[]): string {
  let text = '';
  for (let i = 0; i < roots.length && text.length < 4000; i++)
    text += ' ' + ((roots[i] as HTMLElement).innerText ?? roots[i].textContent ?? '');
  return text.replace(/\s+/g, ' ').slice(0, 4000);
}

/** A visible control in the layer whose text or label matches (a password field counts as signing in). */
function hasControl(roots: Element[], words: RegExp, passwordCounts: boolean): boolean {
  for (let r = 0; r < roots.length; r++) {
    const controls = roots[r].querySelectorAll(
      'button,a[href],input[type=submit],input[type=button],[role=button],input[type=password]',
    );
    for (let i = 0; i < controls.length && i < 200; i++) {
      const el = controls[i];
      if (!isRendered(el)) continue;
      if (el.localName === 'input' && (el as HTMLInputElement).type === 'password') {
        if (passwordCounts) return true;
        continue;
      }
      const label = (
        (el as HTMLInputElement).value && el.localName === 'input'
          ? (el as HTMLInputElement).value
          : el.getAttribute('aria-label') || el.textContent || ''
      )
        .replace(/\s+/g, ' ')
        .trim();
      if (words.test(label)) return true;
    }
  }
  return false;
}
