// Fixture and corpus file lists, and the normalization of volatile snapshot fields.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SerializedPage } from '../../../src/types';
import { PORT, ROOT } from './domtool';

/** Top-level fixtures/*.html (subfolders are other suites' pages). */
export function fixtureFiles(): string[] {
  const dir = join(ROOT, 'fixtures');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html') && statSync(join(dir, f)).isFile())
    .sort();
}

/** ../shared/corpus/real-pages relative to the repository root (served at /corpus/). */
export const CORPUS_DIR = resolve(ROOT, '../shared/corpus/real-pages');

/**
 * The corpus pages, or none when this checkout has no ../shared beside it: the corpus is
 * an optional outside set (issue 18); playwright.config.ts says once that it is skipped.
 */
export function corpusFiles(): string[] {
  if (!existsSync(CORPUS_DIR)) return [];
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.html'))
    .sort();
}

const PORT_PATTERN = new RegExp(`127\\.0\\.0\\.1:(?:${PORT}|${PORT + 1})\\b`, 'g');

/** The port of the test server differs per run: normalized to PORT. */
export function normalizeText(text: string): string {
  return text.replace(PORT_PATTERN, '127.0.0.1:PORT');
}

/** The JSON payload minus volatile fields (timings, takenAt), ports normalized. */
export function normalizeJson(page: SerializedPage): unknown {
  const { timings: _timings, takenAt: _takenAt, ...meta } = page.page.meta;
  const stable = { page: { context: page.page.context, body: page.page.body, meta } };
  return JSON.parse(normalizeText(JSON.stringify(stable)));
}

/**
 * Layout-dependent parts of a snapshot, normalised away when another engine's output
 * is compared with the Chromium golden (never for Chromium itself): the document size
 * in the header (Firefox draws a 12 px classic scrollbar and its text is taller), the
 * fold marker line and the per-line [offscreen]/[in-view] flags (where the fold falls
 * depends on line heights), and the matching JSON fields (context.scroll size,
 * computed.offscreen). A page whose output still differs has its own golden in
 * tests/golden/<engine>/ (e.g. a long list keeps the items that are in view).
 */
export function normalizeLayoutText(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '# below the visible area (actions scroll to their target)')
    .map((line) =>
      line.startsWith('# page ')
        ? line.replace(/( scroll -?\d+,-?\d+) of \d+x\d+/, '$1 of (document size)')
        : line.replace(/ \[(?:offscreen|in-view)\]/g, ''),
    )
    .join('\n');
}

export function normalizeLayoutJson(json: unknown): unknown {
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, ''));
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (key === 'computed' && k === 'offscreen') continue;
      if (key === 'scroll' && (k === 'width' || k === 'height')) continue;
      out[k] = walk(v, k);
    }
    return out;
  };
  return walk(json, '');
}
