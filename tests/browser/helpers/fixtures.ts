// Fixture and corpus file lists, and the normalization of volatile snapshot fields.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SerializedPage } from '../../../src/types';
import { PORT, ROOT } from './domtool';

/** Top-level fixtures/*.html (subfolders are other suites' pages). */
export function fixtureFiles(): string[] {
  const dir = join(ROOT, 'fixtures');
  return readdirSync(dir).filter((f) => f.endsWith('.html') && statSync(join(dir, f)).isFile()).sort();
}

/** ../shared/corpus/real-pages relative to the repository root (served at /corpus/). */
export const CORPUS_DIR = resolve(ROOT, '../shared/corpus/real-pages');

export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.html')).sort();
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
