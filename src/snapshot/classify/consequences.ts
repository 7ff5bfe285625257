// What acting on a control does beyond the page, when the page itself says so (S16):
// opens a new tab or window (target=_blank, a form with a target, <base target>),
// downloads a file (the download attribute, a link to a file browsers save), leaves to
// or submits to another site (its host), or takes a step a person would call
// irreversible, in the page's own words on the control (Pay, Delete, Send, Unsubscribe…).
// Conservative: a false mark is worse than none — script handlers (window.open, a
// fetch that deletes) are not guessed at.
import type { VirtualNode } from '../../types';
import { perSnapshot } from '../../dom/caches';

export type Consequence = NonNullable<VirtualNode['consequence']>;

/** Files a browser saves rather than shows (a PDF or an image opens in a tab: not marked). */
const DOWNLOAD_EXTENSIONS =
  /\.(zip|gz|tgz|bz2|xz|7z|rar|tar|dmg|pkg|exe|msi|deb|rpm|apk|appimage|iso|csv|xlsx?|docx?|pptx?|odt|ods|odp|epub|mobi|torrent|ics|vcf)$/i;

/**
 * The page's words for a step that cannot be taken back: paying or ordering, deleting,
 * sending (a message, money — not "Send a new code"), unsubscribing, closing an account.
 * Matched at the start of a control's name (after a "Yes," / "Confirm" of a confirmation
 * dialog); "Remove" (a cart line) or "Submit" (any form) say too little.
 */
const IRREVERSIBLE =
  /^(?:(?:yes|ok|confirm)[,:!]?\s+)?(?:pay|buy|purchase|place\s+(?:my\s+|your\s+)?order|order\s+now|complete\s+(?:purchase|order|payment)|submit\s+(?:payment|order)|delete|erase|destroy|wipe|permanently|send(?=\s*$|\s+(?:now|money|payment|message|e-?mail|mail|transfer|invitations?|invites?|request)\b)|transfer|unsubscribe|cancel\s+(?:my\s+|your\s+)?(?:subscription|membership|account|plan|order)|close\s+(?:my\s+|your\s+)?account|deactivate|terminate)\b/i;

const SUBMIT_TYPES: Record<string, true> = { submit: true, image: true };

/**
 * The consequence marks of an actionable element, or undefined. Never throws (R1). `href`: the
 * caller read the href attribute of an <a> or <area> already (null: it has none).
 */
export function consequenceOf(
  el: Element,
  tag: string,
  role: string | undefined,
  name: string | undefined,
  href?: string | null,
): Consequence | undefined {
  try {
    let out: Consequence | undefined;
    const link = tag === 'a' || tag === 'area';
    if (link && (href === undefined ? el.hasAttribute('href') : href !== null))
      out = linkConsequence(el as HTMLAnchorElement, href ?? el.getAttribute('href') ?? '');
    else if (isSubmitter(el, tag)) out = submitConsequence(el as HTMLButtonElement);
    // Buttons and menu items do things; a link that merely reads "Delete…" usually leads to a page about it.
    if (name && (role === 'button' || role === 'menuitem') && IRREVERSIBLE.test(name.trim()))
      (out ??= {}).irreversible = true;
    return out;
  } catch {
    return undefined;
  }
}

function linkConsequence(a: HTMLAnchorElement, href: string): Consequence | undefined {
  const doc = a.ownerDocument;
  const target = a.getAttribute('target') ?? baseTarget(doc);
  // Fast path (most links): a relative URL without <base href> stays on this site and is
  // no data:/blob: URL, so only its target and its file name can mark it — read from the
  // attribute, without the URL parse behind a.protocol / a.hostname / a.pathname.
  if (isRelative(href) && !baseHref(doc)) {
    const out: Consequence = {};
    if (opensNewContext(target, doc)) out.newTab = true;
    const download = a.hasAttribute('download');
    const file = lastSegment(pathOf(href), download);
    if (download) out.download = a.getAttribute('download') || file || true;
    else if (DOWNLOAD_EXTENSIONS.test(file)) out.download = file;
    return isEmpty(out) ? undefined : out;
  }
  const parts = absoluteParts(href.trim()) ?? { protocol: a.protocol, host: a.hostname, path: a.pathname };
  const protocol = parts.protocol;
  if (protocol !== 'http:' && protocol !== 'https:' && protocol !== 'blob:' && protocol !== 'data:') return undefined;
  const out: Consequence = {};
  if (opensNewContext(target, doc)) out.newTab = true;
  const local = protocol === 'blob:' || protocol === 'data:';
  const host = local ? '' : parts.host;
  const foreign = !!host && leavesSite(host, doc);
  const download = a.hasAttribute('download') && (local || !foreign);
  const file = local ? '' : lastSegment(parts.path, download);
  // Browsers honour `download` only for same-origin, blob: and data: URLs; elsewhere the link navigates.
  if (download) out.download = a.getAttribute('download') || file || true;
  else if (DOWNLOAD_EXTENSIONS.test(file)) out.download = file;
  if (foreign) out.host = displayHost(host);
  return isEmpty(out) ? undefined : out;
}

/**
 * Scheme, host and path of a plain absolute http(s) URL, read from the string: most
 * links of a saved or server-rendered page are absolute, and each of a.protocol /
 * a.hostname / a.pathname parses the URL again. null for anything the URL parser would
 * rewrite (backslashes, tabs or newlines, percent-escapes or non-ASCII in the host, dot
 * segments at the end, userinfo): then the anchor's own parse answers.
 */
export function absoluteParts(href: string): { protocol: string; host: string; path: string } | null {
  const m = /^(https?):\/\/([A-Za-z0-9.-]+)(?::\d*)?(\/[^?#\\\t\n\r]*)?(?:[?#][^\\\t\n\r]*)?$/i.exec(href);
  if (!m) return null;
  const path = m[3] ?? '/';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === '.' || last === '..' || /%2e|%2f/i.test(last)) return null;
  return { protocol: m[1].toLowerCase() + ':', host: m[2].toLowerCase(), path };
}

/**
 * A URL reference without a scheme or host ("page", "/a/b", "?q", "#x"): resolved against
 * the document's URL. A scheme is letters before the first ':' that comes before any
 * '/', '?' or '#'; "//host" names a host.
 */
function isRelative(href: string): boolean {
  const t = href.trim();
  if (t.charCodeAt(0) === 47 /* / */ && t.charCodeAt(1) === 47) return false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 58 /* : */) return false;
    if (c === 47 || c === 63 /* ? */ || c === 35 /* # */) return true;
  }
  return true;
}

/** The path of a relative reference: up to its query or fragment, percent-encoding kept (decoded by lastSegment). */
function pathOf(href: string): string {
  const t = href.trim();
  let end = t.length;
  const q = t.indexOf('?');
  const h = t.indexOf('#');
  if (q >= 0) end = q;
  if (h >= 0 && h < end) end = h;
  return t.slice(0, end);
}

/** <base href> moves relative links (possibly to another site): then the slow path parses them. */
function baseHref(doc: Document): boolean {
  return baseOf(doc).href;
}

function isSubmitter(el: Element, tag: string): boolean {
  if (tag === 'button') return (el.getAttribute('type') ?? 'submit').trim().toLowerCase() === 'submit';
  return tag === 'input' && SUBMIT_TYPES[(el.getAttribute('type') ?? '').trim().toLowerCase()] === true;
}

function submitConsequence(el: HTMLButtonElement): Consequence | undefined {
  const form = el.form;
  if (!form) return undefined;
  const doc = el.ownerDocument;
  // formmethod/method "dialog" closes a dialog: nothing leaves the page.
  if ((el.getAttribute('formmethod') ?? form.getAttribute('method') ?? '').trim().toLowerCase() === 'dialog')
    return undefined;
  const out: Consequence = {};
  if (opensNewContext(el.getAttribute('formtarget') ?? form.getAttribute('target') ?? baseTarget(doc), doc))
    out.newTab = true;
  // Attributes, not form.action: an input named "action" shadows that property.
  const action = el.getAttribute('formaction') ?? form.getAttribute('action');
  const host = action ? hostOf(action, doc) : '';
  if (host && leavesSite(host, doc)) out.host = displayHost(host);
  return isEmpty(out) ? undefined : out;
}

/** A target that loads into another browsing context: _blank, or a name no frame of this page has. */
function opensNewContext(target: string | null, doc: Document): boolean {
  const t = (target ?? '').trim();
  if (!t) return false;
  const lower = t.toLowerCase();
  if (lower === '_blank') return true;
  if (lower === '_self' || lower === '_parent' || lower === '_top') return false;
  // A named target is a frame of this page when one carries that name.
  const named = doc.getElementsByName(t);
  for (let i = 0; i < named.length; i++)
    if (named[i].localName === 'iframe' || named[i].localName === 'frame') return false;
  return true;
}

/** <base target> applies to links and forms without their own target. */
function baseTarget(doc: Document): string | null {
  return baseOf(doc).target;
}

interface BaseFacts {
  /** Some <base> has an href. */
  href: boolean;
  /** The first <base target>'s value, or null. */
  target: string | null;
}

function baseOf(doc: Document): BaseFacts {
  return perSnapshot(doc, readBase);
}

/** What the document's <base> elements say: whether one has an href, the first target. */
function readBase(doc: Document): BaseFacts {
  const bases = doc.getElementsByTagName('base');
  const facts: BaseFacts = { href: false, target: null };
  let targetSeen = false;
  for (let i = 0; i < bases.length; i++) {
    if (!facts.href && bases[i].hasAttribute('href')) facts.href = true;
    if (!targetSeen && bases[i].hasAttribute('target')) {
      targetSeen = true;
      facts.target = bases[i].getAttribute('target');
    }
  }
  return facts;
}

function hostOf(url: string, doc: Document): string {
  try {
    const parsed = new URL(url, doc.baseURI);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : '';
  } catch {
    return '';
  }
}

/** Sites (siteOf) of the page's host and of the hosts it declares its own. */
function sitesOf(doc: Document): string[] {
  return perSnapshot(doc, readSites);
}

function readSites(doc: Document): string[] {
  let host = '';
  try {
    host = doc.location?.hostname ?? '';
  } catch {
    host = '';
  }
  // No page host (about:blank, a data: document): nothing counts as leaving it.
  return host ? [host, ...declaredHosts(doc)].map((h) => siteOf(h.toLowerCase())) : [];
}

/**
 * Hosts the document names as its own: its canonical URL, og:url and <base href>. A page
 * saved from its site (or served from a mirror, a preview or a dev server) links to that
 * site with absolute URLs; those links do not leave it.
 */
function declaredHosts(doc: Document): string[] {
  const out: string[] = [];
  // By tag, not one querySelectorAll: case-insensitive attribute selectors are matched on
  // every element of the page (1.6 ms on a 2,800-element article, ~5 % of a viewportOnly
  // snapshot), while a tag collection is a cached list of the few <link>/<meta> there are.
  const add = (url: string | null) => {
    const host = url ? hostOf(url, doc) : '';
    if (host && out.indexOf(host) < 0 && out.length < 6) out.push(host);
  };
  try {
    const links = doc.getElementsByTagName('link');
    for (let i = 0; i < links.length; i++)
      if (hasToken(links[i].getAttribute('rel'), 'canonical')) add(links[i].getAttribute('href'));
    const metas = doc.getElementsByTagName('meta');
    for (let i = 0; i < metas.length; i++)
      if (metas[i].getAttribute('property')?.toLowerCase() === 'og:url') add(metas[i].getAttribute('content'));
    // <base href> is what the document's base URL already says (the first one in the document).
    if (doc.getElementsByTagName('base').length) add(doc.baseURI);
  } catch {
    /* a page that broke the DOM API: the location's host only */
  }
  return out;
}

/** `value` holds `token` as one of its space-separated words, ASCII case-insensitively (as [rel~="x" i]). */
function hasToken(value: string | null, token: string): boolean {
  if (!value) return false;
  const words = value.toLowerCase().split(/[\t\n\f\r ]+/);
  return words.indexOf(token) >= 0;
}

/** `host` is another site than the document's location and every host it declares as its own. */
function leavesSite(host: string, doc: Document): boolean {
  const sites = sitesOf(doc);
  if (!sites.length) return false;
  const site = siteOf(host.toLowerCase());
  for (let i = 0; i < sites.length; i++) if (sites[i] === site) return false;
  return true;
}

/**
 * The site of a host, for telling whether a link leaves the page's site: registrable
 * domains differ (shop.example.com and www.example.com are one site). Approximated
 * without the public-suffix list: the last two labels, three under a two-letter country
 * code with a generic second level (example.co.uk). An IP address or a single label is
 * compared whole.
 */
function siteOf(host: string): string {
  const memo = (siteMemo ??= new Map<string, string>());
  let site = memo.get(host);
  if (site === undefined) {
    // A page links to few hosts, often hundreds of times each (wikipedia-2: 3.9 % of a full snapshot before).
    if (memo.size >= 512) memo.clear();
    memo.set(host, (site = registrableSite(host)));
  }
  return site;
}

// Made on first use, not at load: a page may have replaced Map before we loaded (R2),
// and only a snapshot, not loading, may answer with an error then.
let siteMemo: Map<string, string> | undefined;

function registrableSite(host: string): string {
  const h = host.replace(/\.$/, '');
  if (/^[\d.]+$/.test(h) || h.indexOf(':') >= 0) return h;
  const labels = h.split('.');
  if (labels.length <= 2) return h;
  const tld = labels[labels.length - 1];
  const second = labels[labels.length - 2];
  const keep = tld.length === 2 && /^(co|com|net|org|gov|edu|ac|or|ne|go)$/.test(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

function displayHost(host: string): string {
  return host.replace(/^www\./i, '');
}

/**
 * The path's last segment, percent-decoded. Only a download's name is shown; otherwise the
 * segment only matters when it ends in a file extension, which needs a dot — and a segment
 * with neither "." nor "%2E" has none decoded either, so it is not decoded (most links).
 */
function lastSegment(path: string, shown: boolean): string {
  const segment = path.slice(path.lastIndexOf('/') + 1);
  if (segment.indexOf('%') < 0) return segment;
  if (!shown && segment.indexOf('.') < 0 && !/%2e/i.test(segment)) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isEmpty(c: Consequence): boolean {
  return !c.newTab && c.download === undefined && !c.host && !c.irreversible;
}
