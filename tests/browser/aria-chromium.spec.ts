// Agreement of our ARIA module (src/semantics) with Chromium's own accessibility
// tree. The library never uses CDP; this test does, only to read Chromium's answer.
//
// Run: DOMTOOL_TEST_PORT=4200 npx playwright test tests/browser/aria-chromium.spec.ts
//
// Chromium role names that are not ARIA roles are mapped consciously (CHROMIUM_ROLE):
//   image → img (ARIA 1.3 synonym); DisclosureTriangle (<summary>) → button (we expose
//   summary as a button with `expanded`); ColorWell → button; Date/DateTime/InputTime →
//   textbox; MathMLMath → math; LayoutTable/-Row/-Cell → table/row/cell (Chromium's
//   layout-table heuristic is not reproduced); and the internal, role-less kinds (generic, none,
//   StaticText, LabelText, Section, sectionheader/sectionfooter — header/footer inside
//   sectioning content, Figcaption, DescriptionList, Abbr, Iframe, Canvas, Video,
//   Audio, Legend, Pre, ListMarker, LineBreak, Ruby) → no role (null). Ignored nodes and
//   nodes pruned from Chromium's tree count as no role as well; our 'none' counts as
//   no role.
import { test, expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync } from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));

const CHROMIUM_ROLE: Record<string, string | null> = {
  image: 'img',
  DisclosureTriangle: 'button',
  ColorWell: 'button',
  Date: 'textbox',
  DateTime: 'textbox',
  InputTime: 'textbox',
  MathMLMath: 'math',
  // Chromium's layout-table heuristic is not reproduced: a table is a table.
  LayoutTable: 'table',
  LayoutTableRow: 'row',
  LayoutTableCell: 'cell',
  generic: null,
  none: null,
  StaticText: null,
  LabelText: null,
  Section: null,
  sectionheader: null,
  sectionfooter: null,
  Figcaption: null,
  DescriptionList: null,
  Abbr: null,
  Iframe: null,
  IframePresentational: null,
  Canvas: null,
  Video: null,
  Audio: null,
  Legend: null,
  Pre: null,
  ListMarker: null,
  LineBreak: null,
  Ruby: null,
  Unknown: null,
};

// Cases that must always match exactly (role and name).
const CORE = [
  'h1',
  'nav',
  'link-plain',
  'link-nested',
  'link-img',
  'link-aria-label',
  'link-title-only',
  'link-ws',
  'lb-multi',
  'lb-hidden',
  'lb-hidden-deep',
  'lb-no-recursion',
  'lb-self',
  'lb-missing',
  'lb-over-label',
  'al-basic',
  'al-ws',
  'al-role',
  'embed-target',
  'embed-textbox',
  'embed-select',
  'embed-range',
  'label-for',
  'label-for-multi',
  'label-wrap',
  'label-wrap-markup',
  'label-aria-wins',
  'label-select',
  'label-textarea',
  'label-button',
  'label-checkbox',
  'label-radio',
  'in-submit',
  'in-submit-value',
  'in-reset',
  'in-button-value',
  'in-image-alt',
  'in-image-none',
  'tb-placeholder',
  'tb-title-placeholder',
  'tb-aria-placeholder',
  'tb-textarea-ph',
  'tb-search',
  'tb-number',
  'tb-range',
  'tb-list',
  'sel-multiple',
  'btn-blocks',
  'btn-pseudo',
  'btn-hidden-children',
  'btn-nested-aria-label',
  'btn-img-alt',
  'btn-svg-title',
  'btn-title',
  'btn-material',
  'role-button',
  'role-checkbox',
  'role-first-valid',
  'h2-title',
  'role-heading',
  'summary',
  'table',
  'th-col',
  'th-row',
  'td',
  'fieldset',
  'img-alt',
  'img-empty-alt',
  'svg-title',
  'section-named',
  'section-unnamed',
  'article-header',
  'form',
  'shadow-label',
  'shadow-button',
];

let bundle = '';

test.beforeAll(async () => {
  const result = await build({
    entryPoints: [resolve(here, '../../src/semantics/index.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'DomToolAria',
    target: 'es2020',
  });
  bundle = result.outputFiles[0].text;
});

interface Row {
  key: string;
  ourRole: string | null;
  ourName: string;
}
interface Compared extends Row {
  axRole: string | null;
  axName: string;
  ignored: boolean;
}

// Private-use characters (icon-font glyphs) are dropped on both sides: Chromium keeps
// them, we drop them on purpose — a PUA glyph means nothing to a reader as text.
function norm(text: string): string {
  return text
    .replace(/[\uE000-\uF8FF]/g, '')
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim();
}

function mapRole(role: string | undefined, ignored: boolean): string | null {
  if (!role || ignored) return null;
  return role in CHROMIUM_ROLE ? CHROMIUM_ROLE[role] : role;
}

/** Computes our role/name for every element carrying `attrName` (deep, through open shadow roots). */
async function ours(page: Page, attrName: string): Promise<Row[]> {
  await page.addScriptTag({ content: bundle });
  return page.evaluate((attrName) => {
    const api = (window as unknown as { DomToolAria: typeof import('../../src/semantics/index') }).DomToolAria;
    const rows: { key: string; ourRole: string | null; ourName: string }[] = [];
    const visit = (root: Document | ShadowRoot) => {
      const all = root.querySelectorAll('*');
      for (let i = 0; i < all.length; i++) {
        const el = all[i];
        const key = el.getAttribute(attrName);
        if (key !== null) {
          const role = api.getRole(el);
          rows.push({ key, ourRole: role === 'none' ? null : role, ourName: api.getAccessibleName(el, role) });
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return rows;
  }, attrName);
}

/** Chromium's role/name for every element carrying `attrName`, via CDP. */
async function chromium(
  page: Page,
  attrName: string,
): Promise<Map<string, { role: string | null; name: string; ignored: boolean }>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('Accessibility.enable');
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
  const byBackend = new Map<number, AxNode>();
  for (const n of nodes) if (n.backendDOMNodeId !== undefined) byBackend.set(n.backendDOMNodeId, n);
  const out = new Map<string, { role: string | null; name: string; ignored: boolean }>();
  const walk = (n: DomNode) => {
    if (n.attributes) {
      for (let i = 0; i < n.attributes.length; i += 2) {
        if (n.attributes[i] !== attrName) continue;
        const ax = byBackend.get(n.backendNodeId);
        const ignored = !ax || !!ax.ignored;
        out.set(n.attributes[i + 1], {
          role: mapRole(ax?.role?.value as string | undefined, ignored),
          name: ignored ? '' : norm(String(ax?.name?.value ?? '')),
          ignored,
        });
      }
    }
    for (const c of n.children ?? []) walk(c);
    for (const c of n.shadowRoots ?? []) walk(c);
  };
  walk(root);
  await cdp.detach();
  return out;
}

interface DomNode {
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}
interface AxNode {
  backendDOMNodeId?: number;
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
}

async function compare(page: Page, attrName: string): Promise<Compared[]> {
  const rows = await ours(page, attrName);
  const ax = await chromium(page, attrName);
  const out: Compared[] = [];
  for (const row of rows) {
    const a = ax.get(row.key);
    if (!a) continue;
    out.push({ ...row, ourName: norm(row.ourName), axRole: a.role, axName: a.name, ignored: a.ignored });
  }
  return out;
}

function report(label: string, rows: Compared[]) {
  const named = rows.filter((r) => !r.ignored);
  const roleOk = rows.filter((r) => r.ourRole === r.axRole);
  const nameOk = named.filter((r) => r.ourName === r.axName);
  const roleRatio = rows.length ? roleOk.length / rows.length : 1;
  const nameRatio = named.length ? nameOk.length / named.length : 1;
  const lines = [
    `[aria] ${label}: roles ${roleOk.length}/${rows.length} (${(roleRatio * 100).toFixed(1)}%), names ${nameOk.length}/${named.length} (${(nameRatio * 100).toFixed(1)}%)`,
  ];
  for (const r of rows) {
    if (r.ourRole !== r.axRole) lines.push(`  role mismatch ${r.key}: ours=${r.ourRole} chromium=${r.axRole}`);
  }
  for (const r of named) {
    if (r.ourName !== r.axName)
      lines.push(
        `  name mismatch ${r.key} (${r.axRole}): ours=${JSON.stringify(r.ourName)} chromium=${JSON.stringify(r.axName)}`,
      );
  }
  console.log(lines.join('\n'));
  return { roleRatio, nameRatio };
}

test('fixtures/names.html: roles and names agree with Chromium', async ({ page }) => {
  await page.goto('/fixtures/names.html');
  const rows = await compare(page, 'data-case');
  expect(rows.length).toBeGreaterThanOrEqual(80);
  const { roleRatio, nameRatio } = report('fixtures/names.html', rows);
  expect(roleRatio).toBeGreaterThanOrEqual(0.97);
  expect(nameRatio).toBeGreaterThanOrEqual(0.97);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const key of CORE) {
    const r = byKey.get(key);
    expect(r, `core case ${key} present`).toBeTruthy();
    expect({ key, role: r!.ourRole, name: r!.ourName }).toEqual({
      key,
      role: r!.axRole,
      name: r!.ignored ? r!.ourName : r!.axName,
    });
  }
});

test('fixtures/semantics/names-self.html: self-references, generated content and text-transform agree with Chromium exactly', async ({
  page,
}) => {
  await page.goto('/fixtures/semantics/names-self.html');
  const rows = await compare(page, 'data-case');
  expect(rows.length).toBe(8);
  report('fixtures/semantics/names-self.html', rows);
  for (const r of rows)
    expect({ key: r.key, role: r.ourRole, name: r.ourName }).toEqual({ key: r.key, role: r.axRole, name: r.axName });
});

test('fixtures/semantics/names-generated.html: generated content of replaced elements and of every descendant agrees with Chromium exactly', async ({
  page,
}) => {
  await page.goto('/fixtures/semantics/names-generated.html');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const rows = await compare(page, 'data-case');
  expect(rows.length).toBe(8);
  report('fixtures/semantics/names-generated.html', rows);
  for (const r of rows)
    expect({ key: r.key, role: r.ourRole, name: r.ourName }).toEqual({ key: r.key, role: r.axRole, name: r.axName });
});

// A representative handful by default; ARIA_CORPUS=all runs every corpus page.
const CORPUS_DIR = resolve(here, '../../../shared/corpus/real-pages');
const CORPUS = !existsSync(CORPUS_DIR)
  ? []
  : process.env.ARIA_CORPUS === 'all'
    ? readdirSync(CORPUS_DIR)
        .filter((f) => f.endsWith('.html'))
        .sort()
    : ['wikipedia.html', 'nytimes-1.html', 'guardian-1.html', 'medium-2.html', 'engadget.html', 'gitlab-blog.html'];

test('corpus pages: interactive elements agree with Chromium', async ({ page }) => {
  test.skip(!CORPUS.length, 'no ../shared/corpus/real-pages beside this checkout (optional outside corpus)');
  test.setTimeout(process.env.ARIA_CORPUS === 'all' ? 600_000 : 120_000);
  const totals = { rows: 0, roleOk: 0, named: 0, nameOk: 0 };
  for (const file of CORPUS) {
    await page.goto(`/corpus/${file}`, { waitUntil: 'domcontentloaded' });
    // Tag the interactive candidates so both sides can be matched (test-only mutation).
    await page.evaluate(() => {
      const els = document.querySelectorAll('a[href], button, input, select, textarea, [role], [tabindex]');
      for (let i = 0; i < els.length; i++) els[i].setAttribute('data-ax-i', String(i));
    });
    // Only elements present in Chromium's tree (hidden ones are ignored there).
    const rows = (await compare(page, 'data-ax-i')).filter((r) => !r.ignored);
    const { roleRatio, nameRatio } = report(`corpus/${file}`, rows);
    const named = rows.filter((r) => !r.ignored);
    totals.rows += rows.length;
    totals.roleOk += Math.round(roleRatio * rows.length);
    totals.named += named.length;
    totals.nameOk += Math.round(nameRatio * named.length);
  }
  const roleRatio = totals.roleOk / Math.max(1, totals.rows);
  const nameRatio = totals.nameOk / Math.max(1, totals.named);
  console.log(
    `[aria] corpus total: roles ${totals.roleOk}/${totals.rows} (${(roleRatio * 100).toFixed(1)}%), names ${totals.nameOk}/${totals.named} (${(nameRatio * 100).toFixed(1)}%)`,
  );
  expect(roleRatio).toBeGreaterThanOrEqual(0.95);
  expect(nameRatio).toBeGreaterThanOrEqual(0.95);
});
