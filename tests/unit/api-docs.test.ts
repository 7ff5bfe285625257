// What an editor shows on hover is the published .d.ts (issue 33): every public method of
// DomTool and DomToolService there has its documentation — what it does (the command
// table's `doc.does`, the words the agent tools give a model), each parameter, the
// result and an example. Reads the built types (npm test builds before the unit tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/table';

const DIST = join(process.cwd(), 'dist');

interface MethodDoc {
  name: string;
  params: string[];
  /** The comment's text before its tags, whitespace collapsed. */
  summary: string;
  tags: Record<string, string[]>;
  deprecated: boolean;
}

/** The public methods of `className` in the built .d.ts files, with their TSDoc (one per overload). */
function publicMethods(className: string): MethodDoc[] {
  if (!existsSync(join(DIST, 'index.d.ts'))) throw new Error('dist/ is not built: run npm run build first');
  const files = readdirSync(DIST).filter((f) => f.endsWith('.d.ts'));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(DIST, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const cls = source.statements.find(
      (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === className,
    );
    if (!cls) continue;
    const out: MethodDoc[] = [];
    for (const m of cls.members) {
      if (!ts.isMethodDeclaration(m) || !m.name || !ts.isIdentifier(m.name)) continue;
      const modifiers = ts.getCombinedModifierFlags(m);
      if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      const docs = (m as unknown as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
      const doc = docs[docs.length - 1];
      const tags: Record<string, string[]> = {};
      for (const tag of doc?.tags ?? []) {
        const name = tag.tagName.text;
        const param = ts.isJSDocParameterTag(tag) ? tag.name.getText() : '';
        (tags[name] ??= []).push(param || (ts.getTextOfJSDocComment(tag.comment) ?? ''));
      }
      out.push({
        name: m.name.text,
        params: m.parameters.map((p) => p.name.getText()),
        summary: (ts.getTextOfJSDocComment(doc?.comment) ?? '').replace(/\s+/g, ' ').trim(),
        tags,
        deprecated: 'deprecated' in tags,
      });
    }
    return out;
  }
  throw new Error(`class ${className} is not in dist/*.d.ts`);
}

function problems(methods: MethodDoc[]): string[] {
  const out: string[] = [];
  for (const m of methods) {
    if (!m.summary) out.push(`${m.name}: no description`);
    for (const p of m.params) if (!(m.tags.param ?? []).includes(p)) out.push(`${m.name}: no @param ${p}`);
    if (!m.tags.returns) out.push(`${m.name}: no @returns`);
    if (!m.tags.example) out.push(`${m.name}: no @example`);
  }
  return out;
}

const doesOf = (name: string): string | null => {
  const c = COMMANDS.find((x) => x.name === name);
  return c ? c.doc.does.replace(/\s+/g, ' ').trim() : null;
};

describe('the published types document every public method', () => {
  it('DomTool: each method says what it does, its parameters, its result and an example', () => {
    const methods = publicMethods('DomTool');
    // One method per entry of the command table, plus getElement.
    expect(new Set(methods.map((m) => m.name))).toEqual(new Set([...COMMANDS.map((c) => c.name), 'getElement']));
    expect(problems(methods)).toEqual([]);
    // The description is the table's, word for word (the current form of an overloaded method).
    for (const m of methods) {
      const does = doesOf(m.name);
      if (does && !m.deprecated) expect(m.summary.startsWith(does), `${m.name}: "${m.summary}"`).toBe(true);
    }
  });

  it('DomToolService (its RoutedRequests base): each routed request is documented the same way', () => {
    const methods = publicMethods('RoutedRequests');
    const routed = COMMANDS.filter((c) => {
      const service = (c as { message?: { service?: string } }).message?.service;
      return service === 'node' || service === 'any';
    }).map((c) => c.name);
    expect(routed.length).toBeGreaterThan(10);
    const docs = methods.filter((m) => routed.includes(m.name as (typeof routed)[number]));
    expect(docs.map((m) => m.name).sort()).toEqual([...routed].sort());
    expect(problems(docs)).toEqual([]);
    for (const m of docs) expect(m.summary.startsWith(doesOf(m.name)!), m.name).toBe(true);
  });
});
