// Issue 34: a card links to its page two or three times — the picture, the title, often the
// price or a "Read more" — and each link was a line with an id of its own that said the same
// thing ("- [Trail Dome Tent 1P](nv_71lh)" above "h3 [Trail Dome Tent 1P](nv_hhsf)" on every
// tile of a shop). They go to the same place, so one id is enough: the card's title link
// keeps its line and id, and the others fold into it. A folded link says nothing the kept
// one does not (the picture named by the product name) and goes, or its text adds something
// (a price, "Read more") and stays as plain text. Only inside one card: links of two list
// items, of a menu, or of the page's header and its navigation stay apart, because there
// they are different controls that happen to share a target ("2" and "Next" of a pager).
// The element keeps its id in the id memory: an id the agent saw before still acts on it.
import type { BuildNode } from '../tree';
import { normalizeWhitespace } from '../../dom/dom-utils';
import { hasControlState, untarget } from '../classify/describe';

/** Where a link is one control among many that share targets by design: never folded. */
const NAVIGATION =
  'nav,[role=navigation],[role=menu],[role=menubar],[role=tablist],[role=toolbar],[role=tree],[role=listbox]';
/** A common ancestor of this kind holds several items, not one card: its links stay apart. */
const NOT_A_CARD =
  'html,body,main,header,footer,aside,form,ul,ol,dl,menu,table,thead,tbody,tfoot,' +
  '[role=list],[role=grid],[role=table],[role=rowgroup],[role=feed],[role=main],[role=banner],[role=contentinfo],[role=complementary]';
const HEADING = 'h1,h2,h3,h4,h5,h6,[role=heading]';
/** Content that makes a link more than a link (a control inside it): left alone. */
const CONTROL_INSIDE = 'a[href],button,input,select,textarea,[role=button],[role=checkbox],[role=switch]';

/** Folds each card's duplicate links (same target) into one; `kept` are the walk's nodes. */
export function foldDuplicateLinks(kept: BuildNode[]): void {
  const byTarget = new Map<string, BuildNode[]>();
  // One look at each common ancestor per snapshot: on a long article every pair of links to
  // one page shares the article's body, and scanning it per pair doubled a snapshot's time.
  const cards = new Map<Element, CardFacts>();
  const hrefs = new ResolvedHrefs();
  for (let i = 0; i < kept.length; i++) {
    const key = targetKey(kept[i], hrefs);
    if (key === null) continue;
    const list = byTarget.get(key);
    if (list) list.push(kept[i]);
    else byTarget.set(key, [kept[i]]);
  }
  byTarget.forEach((all) => {
    // Most targets are linked once: the DOM queries below run only for the others. No link
    // is described here: the one a card keeps is described when its line is, the others never.
    if (all.length < 2) return;
    const links = all.filter(standsAloneStateless);
    if (links.length < 2) return;
    // The walk visits what is in view first: cards are runs of links in document order.
    links.sort(documentOrder);
    let card: BuildNode[] = [links[0]];
    for (let i = 1; i < links.length; i++) {
      if (cardOf(card[0], links[i], cards, hrefs)) card.push(links[i]);
      else {
        foldCard(card);
        card = [links[i]];
      }
    }
    foldCard(card);
  });
}

/** A link that may fold: without states that make it a control of its own (a disclosure, the current page), standing alone. */
function standsAloneStateless(node: BuildNode): boolean {
  return !hasControlState(node) && standsAlone(node);
}

/** Href, and what changes where it opens, of a link that may fold; null for any other node. */
function targetKey(node: BuildNode, hrefs: ResolvedHrefs): string | null {
  const vn = node.vn;
  const a = node.ref as HTMLAnchorElement | undefined;
  if (vn.role !== 'link' || !vn.actionable || !a || a.localName !== 'a') return null;
  const href = a.getAttribute('href');
  // "#" and javascript: links are buttons by another name: each does its own thing.
  if (!href || href.charAt(0) === '#' || /^\s*javascript:/i.test(href) || a.hasAttribute('download')) return null;
  // Most links have no target: their key is the resolved string itself (its hash kept with
  // it), not a new string per link to hash. Every other key holds a line break, which such a
  // key does not: the groups are those of href + '\n' + target.
  const resolved = '' + hrefs.of(a, href);
  const target = a.getAttribute('target');
  return target || resolved.includes('\n') ? resolved + '\n' + (target ?? '') : resolved;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * `a.href` (the attribute resolved against the document's base URL), parsed once per
 * distinct attribute value of a document: a card links to its page two or three times.
 * Most links of a site are paths ("/wiki/Firefox") or URLs on its own origin: their
 * resolved form is the document's origin part and the value as written (plainTarget), a
 * string join instead of a URL parse (~1 µs a link on a page of 800 links).
 * An SVG <a> answers its own way (an SVGAnimatedString) and is asked every time.
 */
class ResolvedHrefs {
  private doc: Document | null = null;
  private readonly byValue = new Map<string, string>();
  /** What a path resolves after, as a.href showed it: scheme and authority (null: not seen yet, '': no join). */
  private origin: string | null = null;

  of(a: HTMLAnchorElement, value: string): string {
    if (a.namespaceURI !== HTML_NS) return a.href;
    if (a.ownerDocument !== this.doc) {
      this.doc = a.ownerDocument;
      this.byValue.clear();
      this.origin = null;
    }
    let href = this.byValue.get(value);
    if (href === undefined) {
      href = (this.origin && plainTarget(this.origin, value)) || a.href;
      if (this.origin === null && plainTarget('', value) === value) {
        // a.href of a plain path is the origin part and the path. Only http(s): a file: base
        // with a drive letter puts it before the path, an opaque base (about:, data:) resolves nothing.
        this.origin = href.endsWith(value) && HTTP.test(href) ? href.slice(0, href.length - value.length) : '';
      }
      this.byValue.set(value, href);
    }
    return href;
  }
}

/** A path, query and fragment the URL parser keeps as written: no character it escapes, no dot segment. */
const PLAIN_PATH = /^\/(?!\/)[\w\-.~!$&()*+,;=:@/?#%]*$/;
const DOT_SEGMENT = /\/\.|%2e/i;
const HTTP = /^https?:\/\/[^/]/;

/**
 * What `value` resolves to against a base whose origin part is `origin` (scheme and
 * authority as the parser writes them), when the parser would keep it as written: a path
 * ("/wiki/Firefox") or a URL that starts with `origin` and a path. Null otherwise.
 */
export function plainTarget(origin: string, value: string): string | null {
  let path = value;
  let prefix = origin;
  if (origin && value.startsWith(origin) && value.charCodeAt(origin.length) === 47 /* / */) {
    path = value.slice(origin.length);
    prefix = '';
  }
  return PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) ? prefix + value : null;
}

/** Not one of many links in a navigation, and no control inside. */
function standsAlone(node: BuildNode): boolean {
  const a = node.ref as Element;
  // A link without child elements holds no control: no subtree query for it.
  return !a.closest(NAVIGATION) && (a.firstElementChild === null || !a.querySelector(CONTROL_INSIDE));
}

function documentOrder(a: BuildNode, b: BuildNode): number {
  // 4: DOCUMENT_POSITION_FOLLOWING.
  return a.ref === b.ref ? 0 : a.ref!.compareDocumentPosition(b.ref!) & 4 ? -1 : 1;
}

/** What decides whether an element is one card, whatever target its links share. */
interface CardFacts {
  /** Not a list or landmark, and at most one heading inside. */
  fits: boolean;
  /** The one target linked more than once inside it, if any ('' when none). */
  twice: string;
}
const NOT_ONE_CARD: CardFacts = { fits: false, twice: '' };

/**
 * The card two links to the same target share: their nearest common ancestor, when it is
 * one item — not a list or landmark, at most one heading (a card has one title), and no
 * other target linked twice (a grid of cards links each card's page twice). Null otherwise.
 */
function cardOf(
  first: BuildNode,
  next: BuildNode,
  cards: Map<Element, CardFacts>,
  hrefs: ResolvedHrefs,
): Element | null {
  const a = first.ref as Element;
  const b = next.ref as Element;
  let common = a.parentElement;
  while (common && !common.contains(b)) common = common.parentElement;
  if (!common) return null;
  let facts = cards.get(common);
  if (!facts) cards.set(common, (facts = cardFacts(common, hrefs)));
  if (!facts.fits) return null;
  return facts.twice === '' || facts.twice === hrefs.of(a as HTMLAnchorElement, a.getAttribute('href') ?? '')
    ? common
    : null;
}

/**
 * One pass over the element's descendants, stopping as soon as it cannot be one card: a
 * second heading, or a second target linked twice (then some target other than the pair's is).
 */
function cardFacts(common: Element, hrefs: ResolvedHrefs): CardFacts {
  if (common.matches(NOT_A_CARD)) return NOT_ONE_CARD;
  // A live collection read in order walks the subtree lazily, so the stop is real.
  const all = common.getElementsByTagName('*');
  const seen = new Set<string>();
  let headings = 0;
  let twice = '';
  for (let i = 0, el = all[0]; el; el = all[++i]) {
    if (isHeading(el) && ++headings > 1) return NOT_ONE_CARD;
    if (el.localName !== 'a') continue;
    const value = el.getAttribute('href');
    if (value === null) continue;
    const href = hrefs.of(el as HTMLAnchorElement, value);
    if (!seen.has(href)) seen.add(href);
    else if (twice === '') twice = href;
    else if (twice !== href) return NOT_ONE_CARD;
  }
  return { fits: true, twice };
}

/**
 * What `el.matches(HEADING)` answers, without matching a selector list per descendant: h1–h6
 * by their (lower-case) local name, or role="heading" exactly as the attribute selector compares it.
 */
function isHeading(el: Element): boolean {
  const tag = el.localName;
  if (tag.length === 2 && tag.charCodeAt(0) === 104 /* h */) {
    const level = tag.charCodeAt(1);
    if (level >= 49 /* 1 */ && level <= 54 /* 6 */) return true;
  }
  return el.getAttribute('role') === 'heading';
}

/** Keeps the card's title link (in or around its heading, else the first with words) and folds the rest into it. */
function foldCard(card: BuildNode[]): void {
  if (card.length < 2) return;
  let keep = card[0];
  let best = -1;
  for (let i = 0; i < card.length; i++) {
    const score = titleScore(card[i]);
    if (score <= best) continue;
    best = score;
    keep = card[i];
  }
  const said = words(keep.vn.name);
  for (let i = 0; i < card.length; i++) if (card[i] !== keep) fold(card[i], said);
}

function titleScore(node: BuildNode): number {
  const a = node.ref as Element;
  const inHeading = !!a.closest(HEADING) || !!a.querySelector(HEADING);
  return (inHeading ? 2 : 0) + (normalizeWhitespace(a.textContent ?? '') ? 1 : 0);
}

/** Lower-case words with single spaces: how "said already" is compared. */
function words(s: string | undefined): string {
  return normalizeWhitespace(s ?? '').toLowerCase();
}

/**
 * The link stops being a target of its own: the flatten pass hoists it away, its text
 * staying as a plain run in the sentence around it ("By Ana Lee · Read more") — unless its
 * name is part of the kept link's, when its content goes too (the picture named by the title).
 */
function fold(node: BuildNode, said: string): void {
  const vn = node.vn;
  const name = words(vn.name);
  if (!name || said.indexOf(name) >= 0) {
    node.children = [];
    node.redundantText = true;
  }
  if (node.flowBlock !== undefined) node.block = node.flowBlock;
  untarget(node);
}
