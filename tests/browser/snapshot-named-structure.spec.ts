// Issue 20 / S1: structure a page author named keeps its role and name in the snapshot,
// as in the accessibility tree; the same structure without a name (or a role whose name
// ARIA prohibits) adds no line.
import { expect, test } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';

test('author-named structural elements are kept with role and name', async ({ page }) => {
  await loadHtml(
    page,
    `
    <main>
      <div role="note" aria-label="Shipping note">Ships in 2 days</div>
      <div role="timer" aria-label="Countdown">05:00</div>
      <div role="feed" aria-label="Latest posts"><article aria-label="Post one"><p>Hello</p></article></div>
      <blockquote aria-label="Quote of the day">Stay hungry</blockquote>
      <table><thead aria-label="Head"><tr><th>A</th></tr></thead><tbody aria-labelledby="bl"><tr><td>x</td></tr></tbody></table>
      <span id="bl">Body rows</span>
      <ul aria-label="Colors"><li>Red</li><li>Green</li></ul>
      <div role="tabpanel" aria-label="Panel one">Content</div>
      <div role="status" aria-label="Save status">Saved</div>
      <div role="alert" aria-label="Error box">Bad input</div>
    </main>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  for (const line of [
    'note "Shipping note": Ships in 2 days',
    'timer "Countdown": 05:00',
    'feed "Latest posts"',
    'blockquote "Quote of the day": Stay hungry',
    'rowgroup "Head"',
    'rowgroup "Body rows"',
    'list "Colors"',
    'tabpanel "Panel one": Content',
    'status "Save status": Saved',
    'alert "Error box": Bad input',
  ])
    expect(text, text).toContain(line);
});

test('the same structure without an author name, or a name ARIA prohibits, adds no line', async ({ page }) => {
  await loadHtml(
    page,
    `
    <main>
      <div role="note">Ships in 2 days</div>
      <blockquote>Stay hungry</blockquote>
      <div aria-label="generic wrapper">plain words</div>
      <p aria-label="a paragraph label">paragraph words</p>
      <ul><li>Red</li><li>Green</li></ul>
    </main>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  expect(text).not.toMatch(/note|blockquote|generic wrapper|a paragraph label|list/);
  expect(text).toContain('Ships in 2 days');
  expect(text).toContain('plain words');
});

test("under <base href> links resolve against the base, the page's declared site (the URL-parsing path)", async ({
  page,
}) => {
  await loadHtml(
    page,
    `<base href="https://docs.example.org/guide/"><main><a href="intro">Intro</a><a href="files/setup%20v2.zip?x=1">Setup</a><a href="https://other.example.net/">Elsewhere</a></main>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  expect(text).toMatch(/link "Intro"$/m);
  expect(text).toMatch(/link "Setup" \[download="setup v2.zip"\]/);
  expect(text).toMatch(/link "Elsewhere" \[to=other\.example\.net\]/);
});
