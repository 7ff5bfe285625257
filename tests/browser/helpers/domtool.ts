// Shared browser-test helpers for the snapshot specs: load inline HTML on a real
// origin, inject the built IIFE (dist/domtool.iife.js — `npm test` builds first),
// take a snapshot in the page and return { text, json, ids } together with what the
// S11 zero-mutation probe saw (mutations, focus and scroll changes).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from '@playwright/test';
import type { DomTool } from '../../../src/DomTool';
import type { SnapshotOptions } from '../../../src/options';
import type { TextOptions } from '../../../src/snapshot/DomSnapshot';
import type { SerializedPage } from '../../../src/types';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PORT = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
/** The static server also listens on PORT+1: a second origin for cross-origin frames. */
export const OTHER_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
/**
 * The engine running this spec: 'chromium' under Playwright Test, 'firefox' or
 * 'webkit' under tests/engines (DOMTOOL_ENGINE). For the few expectations where an
 * engine legitimately differs (each says why).
 */
export function engine(): 'chromium' | 'firefox' | 'webkit' {
  const name = process.env.DOMTOOL_ENGINE;
  return name === 'firefox' || name === 'webkit' ? name : 'chromium';
}

/** An empty page on the test origin; inline HTML is written into it. */
export const BLANK = '/tests/browser/helpers/blank.html';

let bundle: string | null = null;
function iife(): string {
  return (bundle ??= readFileSync(ROOT + 'dist/domtool.iife.js', 'utf8'));
}

/** The part of the page-world API these tests use. */
interface TestWindow {
  BrowserXDomTool?: { DomTool: new (options?: object) => DomTool; safeStringify?: (value: unknown) => string };
  __domtoolTest?: DomTool;
}

/** Injects the IIFE once per document. */
export async function injectDomTool(target: Page | Frame): Promise<void> {
  const present = await target.evaluate(() => !!(window as unknown as TestWindow).BrowserXDomTool);
  if (!present) await target.addScriptTag({ content: iife() });
}

/** Opens a blank page on the test origin, writes `html` into it and injects the library. */
export async function loadHtml(page: Page, html: string): Promise<void> {
  await page.goto(BLANK);
  await page.setContent(html);
  await injectDomTool(page);
}

/** Opens a repository file (e.g. `/fixtures/demo.html`) and injects the library. */
export async function loadUrl(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await injectDomTool(page);
}

export interface SnapOptions extends Omit<SnapshotOptions, 'shadowRootOf'> {
  /** A new DomTool for this snapshot (no WeakMap memory of an earlier one). Default false. */
  fresh?: boolean;
  /** Options of the text rendering. */
  text?: TextOptions;
}

export interface SnapResult {
  text: string;
  json: SerializedPage;
  /** snapshot.ids(): every id that resolves to an element. */
  ids: string[];
  /** S11 probe: mutation records seen during getSnapshot (described), focus and scroll changes. */
  mutations: string[];
  focusChanged: boolean;
  scrollChanged: string[];
}

/**
 * Takes a snapshot in the page with `force: true`. By default one DomTool lives on
 * the page across calls (ids of surviving elements are reused, S7); `fresh: true`
 * builds a new one. Every call runs the S11 probe: MutationObservers over the
 * document, every open shadow root and same-origin frame document, plus
 * document.activeElement and the scroll offsets of the window and every element.
 */
export async function snapshot(target: Page | Frame, options: SnapOptions = {}): Promise<SnapResult> {
  const run = async (opts: SnapOptions): Promise<string> => {
    const w = window as unknown as TestWindow;
    const { fresh, text: textOptions, ...snapshotOptions } = opts;
    if (fresh || !w.__domtoolTest) w.__domtoolTest = new w.BrowserXDomTool!.DomTool();
    const tool = w.__domtoolTest;

    // Every tree a MutationObserver on the document does not see on its own.
    const roots: Node[] = [];
    const scrollers = new Map<Element, string>();
    const collect = (root: Document | ShadowRoot) => {
      roots.push(root);
      const all = root.querySelectorAll('*');
      for (let i = 0; i < all.length; i++) {
        const el = all[i];
        if (el.scrollTop || el.scrollLeft) scrollers.set(el, el.scrollLeft + ',' + el.scrollTop);
        if (el.shadowRoot) collect(el.shadowRoot);
        if (el.localName === 'iframe' || el.localName === 'frame') {
          let doc: Document | null = null;
          try {
            doc = (el as HTMLIFrameElement).contentDocument;
          } catch {
            doc = null;
          }
          if (doc) collect(doc);
        }
      }
    };
    collect(document);
    const records: MutationRecord[] = [];
    const observers = roots.map((root) => {
      const mo = new MutationObserver((list) => records.push(...list));
      mo.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
        attributeOldValue: true,
      });
      return mo;
    });
    const activeBefore = document.activeElement;
    const scrollBefore = window.scrollX + ',' + window.scrollY;

    const snap = await tool.getSnapshot({ force: true, ...snapshotOptions });

    for (const mo of observers) {
      records.push(...mo.takeRecords());
      mo.disconnect();
    }
    const describe = (r: MutationRecord) => {
      const t = r.target as Element;
      return `${r.type} on <${t.nodeName ? t.nodeName.toLowerCase() : '?'}>${r.attributeName ? ' @' + r.attributeName : ''}`;
    };
    const scrollChanged: string[] = [];
    const scrollAfter = window.scrollX + ',' + window.scrollY;
    if (scrollAfter !== scrollBefore) scrollChanged.push(`window ${scrollBefore} -> ${scrollAfter}`);
    scrollers.forEach((before, el) => {
      const after = el.scrollLeft + ',' + el.scrollTop;
      if (after !== before) scrollChanged.push(`<${el.localName}> ${before} -> ${after}`);
    });
    const all = document.querySelectorAll('*');
    for (let i = 0; i < all.length; i++) {
      const el = all[i];
      if ((el.scrollTop || el.scrollLeft) && !scrollers.has(el))
        scrollChanged.push(`<${el.localName}> 0,0 -> ${el.scrollLeft},${el.scrollTop}`);
    }
    // Returned as a string: the payload is plain data, and this keeps Playwright's
    // serializer types out of a deep generic instantiation.
    const stringify = w.BrowserXDomTool!.safeStringify ?? JSON.stringify;
    return stringify({
      text: snap.toText(textOptions ?? {}),
      json: snap.serialize(),
      ids: snap.ids(),
      mutations: records.map(describe),
      focusChanged: document.activeElement !== activeBefore,
      scrollChanged,
    });
  };
  return JSON.parse(await target.evaluate(run, options)) as SnapResult;
}

/** The text without its `# page …` header line. */
export function body(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('# page '))
    .join('\n');
}

/** The text body with every node id replaced by `@`, so expectations read like the output. */
export function shape(text: string): string {
  return body(text).replace(/\bnv_[0-9a-z]+(?:_[so])?\b/g, '@');
}
