// The one-line result for an LLM (A10): what each part of a result turns into.
import { describe, expect, it } from 'vitest';
import { renderResultText } from '../../src/actions/result-text';
import { DomToolError, failureResult, msg, successResult } from '../../src/actions/result';

describe('renderResultText', () => {
  it('says "ok" alone when nothing notable happened, and "page changed" when only the DOM did', () => {
    expect(renderResultText(successResult(0, { mutations: 0, focused: 'textbox "Email"' }))).toBe('ok');
    expect(renderResultText(successResult(0, { mutations: 3 }))).toBe('ok; page changed');
  });

  it('names what appeared with the ids to use next', () => {
    const r = successResult(0, {
      mutations: 9,
      appeared: {
        alerts: ['Card declined'],
        errors: [{ id: 'nv_c1', field: 'Card number', message: 'This card was declined.' }],
        opened: { role: 'menu', name: 'Sort by', id: 'nv_m1' },
        controls: ['nv_a1 menuitem "Newest"', 'nv_a2 menuitem "Oldest"'],
        moreControls: 2,
        tokens: 40,
      },
    });
    expect(renderResultText(r)).toBe(
      'ok; message "Card declined"; invalid nv_c1 "Card number": This card was declined.; opened menu "Sort by" nv_m1; new: nv_a1 menuitem "Newest", nv_a2 menuitem "Oldest" (+2 more)',
    );
  });

  it('reports effects beyond the page: dialogs, a new tab, a download', () => {
    const r = successResult(0, {
      mutations: 0,
      dialogs: [{ type: 'prompt', message: 'Password?', accepted: true, value: 'hunter2' }],
      newTab: { tabId: 7, url: 'https://example.com/docs' },
      download: { id: 3, url: 'https://example.com/a.zip', filename: 'a.zip', state: 'in_progress' },
    });
    const text = renderResultText(r);
    expect(text).toBe(
      'ok; prompt "Password?" answered OK; opened new tab 7 https://example.com/docs (act there with its tabId); download started: "a.zip" (in_progress)',
    );
    // The answer the caller gave a prompt is not repeated (it may be a secret).
    expect(text).not.toContain('hunter2');
  });

  it('says navigation, unsettled pages and no effect briefly; failures carry code and message', () => {
    expect(
      renderResultText(
        successResult(0, { mutations: 1, navigated: true, urlAfter: 'http://x/b' }, [msg.navigated('http://x/b')]),
      ),
    ).toBe('ok; navigated to http://x/b');
    expect(renderResultText(successResult(0, { mutations: 2, settled: false }))).toBe(
      'ok; page changed; page still busy (not settled)',
    );
    expect(renderResultText(successResult(0, { mutations: 0 }, [msg.noEffect('click')], true))).toMatch(
      /^ok; no visible effect/,
    );
    expect(renderResultText(failureResult(0, new DomToolError('NOT_ACTIONABLE', 'It is disabled.')))).toBe(
      'failed NOT_ACTIONABLE: It is disabled.',
    );
  });
});

describe('isNoEffectNote', () => {
  it('recognises the no-effect caveat of any action and nothing else', async () => {
    const { isNoEffectNote } = await import('../../src/actions/result');
    expect(isNoEffectNote(msg.noEffect('click'))).toBe(true);
    expect(isNoEffectNote(msg.noEffect('Enter key'))).toBe(true);
    expect(isNoEffectNote(msg.formSubmitted)).toBe(false);
  });
});
