// @vitest-environment happy-dom
// isMessageRegion (classify/messages.ts) is the message-region selector tested in script;
// it must answer as the selector does (DOM matching, here happy-dom's).
import { describe, expect, it } from 'vitest';
import { isMessageRegion } from '../../src/snapshot/classify/messages';

const SELECTOR = '[role="alert"],[role="status"],[role="log"],[role="alertdialog"],[aria-live="polite"],[aria-live="assertive"],output,[class*="toast" i],[class*="snackbar" i]';

const MARKUP = [
  '<div role="alert"></div>', '<div role="status"></div>', '<div role="log"></div>', '<div role="alertdialog"></div>',
  '<div role="dialog"></div>', '<div role="ALERT"></div>', '<div role="alert status"></div>', '<div role=""></div>',
  '<div aria-live="polite"></div>', '<div aria-live="assertive"></div>', '<div aria-live="off"></div>',
  '<output></output>', '<span class="Toast-container"></span>', '<span class="my-snackbar open"></span>',
  '<span class="SNACKBAR"></span>', '<span class="toaster"></span>', '<span class="roast"></span>', '<span class=""></span>',
  '<p></p>', '<p id="x" data-role="alert"></p>', '<section aria-label="toast"></section>',
];

describe('isMessageRegion', () => {
  it.each(MARKUP)('%s answers as the selector does', (html) => {
    document.body.innerHTML = html;
    const el = document.body.firstElementChild!;
    expect(isMessageRegion(el)).toBe(el.matches(SELECTOR));
  });
});
