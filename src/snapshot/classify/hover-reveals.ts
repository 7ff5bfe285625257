// Content a CSS :hover (or :focus-within) rule reveals: `.menu li:hover > ul { display:
// block }` shows a submenu only while the pointer is over its item, and a synthetic pointer
// cannot make :hover match. The page's own style sheets say what hovering would show:
// each rule whose selector has the pseudo-class and whose declarations make something
// visible (display other than none, visibility: visible, opacity above zero) gives a
// trigger (the selector up to the pseudo-class's compound) and a subject (the whole
// selector without the pseudo-class). A hidden subject whose ancestor matches the trigger
// is hover-only content of that ancestor. Read-only: nothing on the page changes (S11).
import { ruleCount } from '../../dom/caches';
import { splitSelectorList } from '../../dom/selector-list';

export interface HoverReveal {
  /** The element the pointer must be over (or focus be inside, for :focus-within). */
  trigger: Element;
  /** The hidden element the rule shows. */
  content: Element;
  pseudo: 'hover' | 'focus-within';
}

interface RevealRule {
  trigger: string;
  subject: string;
  pseudo: 'hover' | 'focus-within';
}

/** Bounds: rules read per document, rules kept, elements matched per snapshot. */
const MAX_RULES = 5000;
const MAX_KEPT = 200;
const MAX_REVEALS = 40;

const PSEUDO = /:(hover|focus-within)(?![\w-])/g;

/** Parsed rules per document, re-read when the style sheets or their rule counts change (CSS-in-JS inserts rules). */
// Made on first use, not at load: a page may have replaced WeakMap before we loaded (R2).
let cache: WeakMap<Document, { key: string; rules: RevealRule[] }> | undefined;

/** The hover-only content of `doc` whose trigger is shown (at most MAX_REVEALS). */
export function findHoverReveals(doc: Document, isShown: (el: Element) => boolean): HoverReveal[] {
  const rules = revealRules(doc);
  if (!rules.length) return [];
  const win = doc.defaultView;
  if (!win) return [];
  const out: HoverReveal[] = [];
  const seen = new Set<Element>();
  for (const rule of rules) {
    let subjects: NodeListOf<Element>;
    try {
      subjects = doc.querySelectorAll(rule.subject);
    } catch {
      continue;
    }
    for (let i = 0; i < subjects.length && out.length < MAX_REVEALS; i++) {
      const content = subjects[i];
      if (seen.has(content) || !isHidden(content, win)) continue;
      let trigger: Element | null = null;
      try {
        trigger = content.parentElement?.closest(rule.trigger) ?? null;
      } catch {
        trigger = null;
      }
      if (!trigger || !isShown(trigger)) continue;
      seen.add(content);
      out.push({ trigger, content, pseudo: rule.pseudo });
    }
  }
  return out;
}

function isHidden(el: Element, win: Window): boolean {
  const style = win.getComputedStyle(el);
  return style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 0.1;
}

function revealRules(doc: Document): RevealRule[] {
  const sheets = doc.styleSheets;
  let count = 0;
  for (let i = 0; i < sheets.length; i++) {
    // A cross-origin sheet counts nothing; ruleCount remembers it instead of catching its throw each snapshot.
    const rules = ruleCount(sheets[i]);
    if (rules > 0) count += rules;
  }
  const key = sheets.length + ':' + count;
  const hit = (cache ??= new WeakMap()).get(doc);
  if (hit && hit.key === key) return hit.rules;
  const rules: RevealRule[] = [];
  const budget = { left: MAX_RULES };
  for (let i = 0; i < sheets.length && budget.left > 0 && rules.length < MAX_KEPT; i++) {
    let list: CSSRuleList | null = null;
    try {
      list = sheets[i].cssRules; // throws for a cross-origin sheet: its rules are not ours to read
    } catch {
      list = null;
    }
    if (list) collect(list, rules, budget, doc.defaultView);
  }
  cache.set(doc, { key, rules });
  return rules;
}

function collect(list: CSSRuleList, out: RevealRule[], budget: { left: number }, win: Window | null): void {
  for (let i = 0; i < list.length && budget.left > 0 && out.length < MAX_KEPT; i++, budget.left--) {
    const rule = list[i] as CSSRule & {
      selectorText?: string;
      style?: CSSStyleDeclaration;
      cssRules?: CSSRuleList;
      media?: MediaList;
    };
    if (typeof rule.selectorText === 'string' && rule.style) {
      if (rule.selectorText.indexOf(':hover') >= 0 || rule.selectorText.indexOf(':focus-within') >= 0) {
        if (reveals(rule.style)) for (const r of parseSelectorList(rule.selectorText)) out.push(r);
      }
    } else if (rule.cssRules) {
      // @media / @supports / @layer blocks: only those that apply now.
      const media = rule.media?.mediaText;
      if (media && win && !win.matchMedia(media).matches) continue;
      collect(rule.cssRules, out, budget, win);
    }
  }
}

function reveals(style: CSSStyleDeclaration): boolean {
  const display = style.getPropertyValue('display');
  if (display && display !== 'none') return true;
  if (style.getPropertyValue('visibility') === 'visible') return true;
  const opacity = style.getPropertyValue('opacity');
  return opacity !== '' && Number(opacity) >= 0.1;
}

/** Splits `a:hover > b, c` at top-level commas and makes each selector with the pseudo-class a rule. */
export function parseSelectorList(text: string): RevealRule[] {
  const out: RevealRule[] = [];
  for (const selector of splitSelectorList(text)) {
    const rule = parseSelector(selector.trim());
    if (rule) out.push(rule);
  }
  return out;
}

function parseSelector(selector: string): RevealRule | null {
  let last = -1;
  let pseudo: RevealRule['pseudo'] = 'hover';
  PSEUDO.lastIndex = 0;
  for (let m = PSEUDO.exec(selector); m; m = PSEUDO.exec(selector)) {
    last = m.index;
    pseudo = m[1] as RevealRule['pseudo'];
  }
  if (last < 0) return null;
  // The trigger's compound ends at the next top-level combinator after the pseudo-class.
  let end = selector.length;
  let depth = 0;
  for (let i = last; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~')) {
      end = i;
      break;
    }
  }
  const strip = (s: string) => s.replace(PSEUDO, '').trim();
  const trigger = strip(selector.slice(0, end));
  const subject = strip(selector);
  // Hovering an element that shows itself (`.btn:hover { opacity: 1 }`) reveals nothing else.
  if (!trigger || !subject || end === selector.length) return null;
  // Other state pseudo-classes cannot be matched by a query either.
  if (/:(active|focus|focus-visible|checked|target)(?![\w-])/.test(subject)) return null;
  return { trigger, subject, pseudo };
}

/** The hover reveal whose content holds `el`, or null (for actions on hover-only items). */
export function revealHolding(el: Element, reveals: HoverReveal[]): HoverReveal | null {
  for (const r of reveals) if (r.content === el || r.content.contains(el)) return r;
  return null;
}
