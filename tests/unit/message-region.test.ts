// @vitest-environment happy-dom
// isMessageRegion (classify/messages.ts) is the message-region selector tested in script;
// it must answer as the selector does (DOM matching, here happy-dom's).
import { describe, expect, it } from 'vitest';
import { isMessageRegion, isMessageRegionScanned } from '../../src/snapshot/classify/messages';
import { scanAttributes } from '../../src/snapshot/classify/actionability';

const SELECTOR =
  '[role="alert"],[role="status"],[role="log"],[role="alertdialog"],[aria-live="polite"],[aria-live="assertive"],output,[class*="toast" i],[class*="snackbar" i]';

const MARKUP = [
  '<div role="alert"></div>',
  '<div role="status"></div>',
  '<div role="log"></div>',
  '<div role="alertdialog"></div>',
  '<div role="dialog"></div>',
  '<div role="ALERT"></div>',
  '<div role="alert status"></div>',
  '<div role=""></div>',
  '<div aria-live="polite"></div>',
  '<div aria-live="assertive"></div>',
  '<div aria-live="off"></div>',
  '<output></output>',
  '<span class="Toast-container"></span>',
  '<span class="my-snackbar open"></span>',
  '<span class="SNACKBAR"></span>',
  '<span class="toaster"></span>',
  '<span class="roast"></span>',
  '<span class=""></span>',
  '<p></p>',
  '<p id="x" data-role="alert"></p>',
  '<section aria-label="toast"></section>',
];

describe('isMessageRegion', () => {
  it.each(MARKUP)('%s answers as the selector does', (html) => {
    document.body.innerHTML = html;
    const el = document.body.firstElementChild!;
    expect(isMessageRegion(el)).toBe(el.matches(SELECTOR));
  });
  it.each(MARKUP)("%s: the walk's test on its attribute scan agrees", (html) => {
    document.body.innerHTML = html;
    const el = document.body.firstElementChild!;
    const scan = scanAttributes(el);
    expect(isMessageRegionScanned(el, el.localName, scan.role, scan.className, scan.aria)).toBe(el.matches(SELECTOR));
  });
  it('<body> is never a region for the walk (everything would be kept)', () => {
    document.body.setAttribute('role', 'status');
    const scan = scanAttributes(document.body);
    expect(isMessageRegionScanned(document.body, 'body', scan.role, scan.className, scan.aria)).toBe(false);
    document.body.removeAttribute('role');
  });
});
