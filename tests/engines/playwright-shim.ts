// `@playwright/test` for the shared specs when they run in Firefox or WebKit:
// vitest.engines.config.ts aliases the import to this file. `test` hands each test
// the EnginePage of ./setup.ts as `{ page }`; `expect` is vitest's (the matchers the
// specs use are the Jest-compatible ones both share). Only what the shared specs use
// is here: a spec needing more fails loudly at import or call, it is never skipped.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test as vitestTest } from 'vitest';
import { currentPage } from './setup';
import type { EnginePage } from './harness';

export { expect };

type Fixtures = { page: EnginePage };
type Body = (fixtures: Fixtures) => unknown;

const withPage = (fn: Body) => () => fn({ page: currentPage() }) as Promise<void>;

function test(name: string, fn: Body): void {
  vitestTest(name, withPage(fn));
}

test.beforeEach = (fn: Body) => beforeEach(withPage(fn));
test.afterEach = (fn: Body) => afterEach(withPage(fn));
test.beforeAll = (fn: () => unknown) => beforeAll(fn as () => Promise<void>);
test.afterAll = (fn: () => unknown) => afterAll(fn as () => Promise<void>);
/**
 * Every engine page is 1280×720, the viewport all shared specs ask for; a spec
 * asking for another one would silently test something else, so that throws.
 */
test.use = (options: { viewport?: { width: number; height: number } }) => {
  const v = options.viewport;
  if (v && (v.width !== 1280 || v.height !== 720))
    throw new Error('engine harness: only the 1280x720 viewport is supported');
};
test.describe = Object.assign((name: string, fn: () => void) => describe(name, fn), {
  // Files run one at a time per engine; parallel mode is a Chromium-runner concern.
  configure: (_options: { mode?: string }) => undefined,
});

export { test };
export type Page = EnginePage;
