// @vitest-environment node
// Issue 14: used where there is no page, the library says so instead of failing with
// "document is not defined" or installing a content script that never hears a message.
import { describe, expect, it } from 'vitest';
import { DomTool, DomToolError } from '../../src/index';
import { installDomToolContentScript } from '../../src/integration/content-script';

describe('a DomTool created without a document', () => {
  it('can be constructed (importing the library in Node must not throw)', () => {
    expect(typeof document).toBe('undefined');
    expect(() => new DomTool()).not.toThrow();
  });

  it('rejects snapshots with a typed NO_DOCUMENT error that says what to do', async () => {
    const err = await new DomTool().getText().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomToolError);
    expect(err).toMatchObject({ code: 'NO_DOCUMENT', recoverable: false });
    expect((err as Error).message).toMatch(/no document here/);
    expect((err as Error).message).toContain('injectDomTool(page)');
    await expect(new DomTool().get_serialized_dom()).rejects.toMatchObject({ code: 'NO_DOCUMENT' });
  });

  it('returns NO_DOCUMENT from actions (they never throw)', async () => {
    const r = await new DomTool().click('nv_1');
    expect(r.success).toBe(false);
    expect(r.error).toMatchObject({ code: 'NO_DOCUMENT', recoverable: false });
  });
});

describe('installDomToolContentScript outside an extension', () => {
  it('throws an error naming what to use instead', () => {
    expect(() => installDomToolContentScript()).toThrow(
      /must run in a browser extension content script.*dist\/domtool\.iife\.js/s,
    );
  });

  it('installs when chrome.runtime.onMessage exists', () => {
    const listeners: unknown[] = [];
    const g = globalThis as { chrome?: unknown };
    g.chrome = {
      runtime: { onMessage: { addListener: (l: unknown) => listeners.push(l), removeListener: () => listeners.pop() } },
    };
    try {
      const handle = installDomToolContentScript();
      expect(listeners).toHaveLength(1);
      handle.dispose();
      expect(listeners).toHaveLength(0);
    } finally {
      delete g.chrome;
    }
  });
});
