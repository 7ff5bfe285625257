// S16 in real Chromium: a control's line says what acting on it does beyond the page
// (new tab, download, another site's host, an irreversible step in the page's words),
// and the header names a CAPTCHA, a sign-in wall or a cookie wall — with the negative
// cases that must stay unmarked (a false mark is worse than none).
import { expect, test, type Page } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import type {} from './helpers/page-globals';

function lineOf(text: string, re: RegExp): string {
  const line = text.split('\n').find((l) => re.test(l));
  if (!line) throw new Error(`no line matches ${re} in:\n${text}`);
  return line.trim();
}

test('links and submit buttons carry their consequence marks, in the text and the JSON', async ({ page }) => {
  await loadHtml(
    page,
    `
    <main>
      <a href="/docs" target="_blank" rel="noopener">Docs</a>
      <a href="/files/invoice-2026.pdf" download="invoice.pdf">Invoice</a>
      <a href="/exports/report.csv">Report</a>
      <a href="https://github.com/acme/tool">Source code</a>
      <a href="/about">About</a>
      <a href="https://cdn.example.org/setup.exe" download>Installer</a>
      <form action="https://pay.example-payments.com/charge" method="post"><input name="n"><button>Continue</button></form>
      <form action="/search" target="results"><input name="q"><button>Search</button></form>
      <form action="/save"><input name="x"><button>Save draft</button><button type="button">Preview</button></form>
      <p>Read the <a href="https://en.wikipedia.org/wiki/Tent">tent article</a> first.</p>
    </main>`,
  );
  const { text, json } = await snapshot(page, { fresh: true });
  expect(lineOf(text, /link "Docs"/)).toMatch(/link "Docs" \[new-tab\]$/);
  expect(lineOf(text, /link "Invoice"/)).toMatch(/\[download="invoice.pdf"\]$/);
  expect(lineOf(text, /link "Report"/)).toMatch(/\[download="report.csv"\]$/);
  expect(lineOf(text, /link "Source code"/)).toMatch(/\[to=github.com\]$/);
  // The download attribute is ignored for another origin's URL; its file type still downloads.
  expect(lineOf(text, /link "Installer"/)).toMatch(/\[download="setup.exe" to=cdn.example.org\]$/);
  expect(lineOf(text, /link "About"/)).toMatch(/link "About"$/);
  expect(lineOf(text, /button "Continue"/)).toMatch(/\[to=pay.example-payments.com\]$/);
  // A named target that no frame of the page carries opens another window.
  expect(lineOf(text, /button "Search"/)).toMatch(/\[new-tab\]$/);
  expect(lineOf(text, /button "Save draft"/)).toMatch(/button "Save draft"$/);
  // A link inside running text keeps its sentence, with its marks next to its id.
  expect(text).toMatch(/Read the \[tent article\]\(nv_\w+ to=en.wikipedia.org\) first\./);
  const find = (node: any, name: string): any => {
    if (node.name === name) return node;
    for (const c of node.children ?? []) {
      const f = find(c, name);
      if (f) return f;
    }
    return null;
  };
  const body = json.page.body;
  expect(find(body, 'Docs').consequence).toEqual({ newTab: true });
  expect(find(body, 'Invoice').consequence).toEqual({ download: 'invoice.pdf' });
  expect(find(body, 'Continue').consequence).toEqual({ host: 'pay.example-payments.com' });
  expect(find(body, 'About').consequence).toBeUndefined();
});

test('<base target=_blank> opens every link and form without a target of its own in a new tab', async ({ page }) => {
  await loadHtml(
    page,
    `<base target="_blank"><main><a href="/a">A</a><a href="/b" target="_self">B</a><iframe name="preview" src="about:blank"></iframe><a href="/c" target="preview">C</a></main>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  expect(lineOf(text, /link "A"/)).toMatch(/\[new-tab\]$/);
  expect(lineOf(text, /link "B"/)).toMatch(/link "B"$/);
  expect(lineOf(text, /link "C"/)).toMatch(/link "C"$/);
});

test('irreversible steps are marked where the page says so, and only there', async ({ page }) => {
  await loadHtml(
    page,
    `
    <main>
      <button>Pay $249</button><button>Place order</button><button>Delete account</button><button>Send</button>
      <button>Unsubscribe</button><button>Yes, delete</button><button>Cancel subscription</button>
      <button>Remove Trail tent 2P</button><button>Submit</button><button>Cancel</button><button>Payment options</button>
      <button>Sender settings</button><button>Send a new code</button><button>Send message</button><a href="/account/delete">Delete account</a>
    </main>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  for (const name of [
    'Pay $249',
    'Place order',
    'Delete account',
    'Send',
    'Unsubscribe',
    'Yes, delete',
    'Cancel subscription',
    'Send message',
  ]) {
    expect(lineOf(text, new RegExp(`button "${name.replace('$', '\\$')}"`))).toMatch(/\[irreversible\]$/);
  }
  for (const name of [
    'Remove Trail tent 2P',
    'Submit',
    'Cancel',
    'Payment options',
    'Sender settings',
    'Send a new code',
  ]) {
    expect(lineOf(text, new RegExp(`button "${name}"`))).not.toContain('irreversible');
  }
  // A link that reads "Delete account" leads to a page about it: not marked.
  expect(lineOf(text, /link "Delete account"/)).not.toContain('irreversible');
});

async function captchaRoutes(page: Page): Promise<void> {
  // The vendors' frames, served locally (no network in tests): only their URL and box matter.
  await page.route(
    /https:\/\/(www\.google\.com\/recaptcha|newassets\.hcaptcha\.com|challenges\.cloudflare\.com)\/.*/,
    (route) => route.fulfill({ contentType: 'text/html', body: '<div style="width:300px;height:70px">widget</div>' }),
  );
}

test('a visible CAPTCHA is named in the header and the JSON; text about captchas and invisible badges are not', async ({
  page,
}) => {
  await captchaRoutes(page);
  const cases: [string, string | null][] = [
    [
      '<iframe title="reCAPTCHA" src="https://www.google.com/recaptcha/api2/anchor?ar=1&k=x&size=normal" width="304" height="78"></iframe>',
      'reCAPTCHA',
    ],
    [
      '<iframe src="https://newassets.hcaptcha.com/captcha/v1/abc/static/hcaptcha.html#frame=checkbox&id=0" width="303" height="78"></iframe>',
      'hCaptcha',
    ],
    [
      '<div class="cf-turnstile" data-sitekey="x"><iframe src="https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/b/turnstile/if/ov2/av0/rcv/x" width="300" height="65"></iframe></div>',
      'Cloudflare Turnstile',
    ],
    // Negative: v3 / invisible badge, a page that only talks about captchas, a hidden widget.
    [
      '<div class="grecaptcha-badge" style="width:256px;height:60px;position:fixed;bottom:14px;right:-186px"><iframe src="https://www.google.com/recaptcha/api2/anchor?ar=1&k=x&size=invisible" width="256" height="60"></iframe></div>',
      null,
    ],
    [
      '<h1>Why we never use a CAPTCHA</h1><p>reCAPTCHA and hCaptcha annoy people.</p><div class="g-recaptcha-info">captcha</div>',
      null,
    ],
    ['<div class="g-recaptcha" data-sitekey="x" style="display:none"></div>', null],
    // A vendor's container without its frame yet, and a challenge page (found by class or id, then checked).
    ['<div class="h-captcha" data-sitekey="x" style="width:303px;height:78px"></div>', 'hCaptcha'],
    ['<div class="geetest_holder" style="width:300px;height:80px">Verify</div>', 'GeeTest'],
    ['<div id="challenge-running" style="width:400px;height:80px">Checking your browser</div>', 'Cloudflare challenge'],
    ['<div id="challenge-form" action="/cdn-cgi/l/chk?__cf_chl_tk=1"></div>', 'Cloudflare challenge'],
    ['<div id="challenge-form" action="/login"></div>', null],
  ];
  for (const [html, vendor] of cases) {
    await loadHtml(page, `<main><form><label>Email <input></label>${html}<button>Sign up</button></form></main>`);
    const { text, json } = await snapshot(page, { fresh: true });
    const lines = text.split('\n');
    if (vendor) {
      expect(lines[1]).toBe(`# blocked: CAPTCHA (${vendor}): a person must solve it; ask the user, then continue`);
      expect(json.page.context.blocker).toEqual({ kind: 'captcha', vendor });
    } else {
      expect(text).not.toContain('# blocked');
      expect(json.page.context.blocker).toBeUndefined();
    }
  }
});

const OVERLAY = (inner: string) => `
  <main><h1>Article</h1><p>${'Long story text. '.repeat(40)}</p><button>Share</button></main>
  <div style="position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center">
    <div role="dialog" aria-label="Gate" style="background:#fff;padding:20px;width:400px">${inner}</div>
  </div>`;

test('a sign-in wall and a cookie wall are named; a login page and a small cookie banner are not', async ({ page }) => {
  await loadHtml(
    page,
    OVERLAY(
      '<h2>Sign in to continue reading</h2><label>Email <input type="email"></label><label>Password <input type="password"></label><button>Sign in</button>',
    ),
  );
  let snap = await snapshot(page, { fresh: true });
  expect(snap.text.split('\n')[1]).toBe(
    '# blocked: sign-in wall: the page asks to sign in before it shows its content; a person must sign in',
  );
  expect(snap.json.page.context.blocker).toEqual({ kind: 'login' });

  await loadHtml(
    page,
    OVERLAY(
      '<h2>We value your privacy</h2><p>We and our partners use cookies to personalise content.</p><button>Accept all</button><button>Reject all</button>',
    ),
  );
  snap = await snapshot(page, { fresh: true });
  expect(snap.text.split('\n')[1]).toBe(
    '# blocked: cookie wall: the page stays hidden until cookies are accepted or refused; a person should choose',
  );
  expect(snap.json.page.context.blocker).toEqual({ kind: 'cookie-wall' });

  // A login page: the form is the page, nothing blocks it.
  await loadHtml(
    page,
    '<main><h1>Sign in to continue to Mail</h1><label>Email <input type="email"></label><label>Password <input type="password"></label><button>Sign in</button></main>',
  );
  snap = await snapshot(page, { fresh: true });
  expect(snap.text).not.toContain('# blocked');
  // A small cookie banner at the bottom: the page stays usable.
  await loadHtml(
    page,
    `<main><h1>Shop</h1><button>Buy</button></main><div style="position:fixed;bottom:0;left:0;right:0;background:#eee;padding:8px">We use cookies. <button>Accept</button><button>Reject</button></div>`,
  );
  snap = await snapshot(page, { fresh: true });
  expect(snap.text).not.toContain('# blocked');
  expect(snap.json.page.context.blocker).toBeUndefined();
  // A modal that opens a newsletter form (no sign-in gate, no cookies) is no blocker either.
  await loadHtml(
    page,
    OVERLAY('<h2>Get our newsletter</h2><label>Email <input type="email"></label><button>Subscribe</button>'),
  );
  snap = await snapshot(page, { fresh: true });
  expect(snap.text).not.toContain('# blocked');
});

test('an action after which a CAPTCHA shows reports the blocker in effect.appeared and its text', async ({ page }) => {
  await captchaRoutes(page);
  await loadHtml(
    page,
    `<main><form onsubmit="return false"><label>Email <input></label><button id="go">Sign up</button><div id="slot"></div></form></main>
    <script>document.getElementById('go').addEventListener('click', () => {
      document.getElementById('slot').innerHTML = '<iframe src="https://www.google.com/recaptcha/api2/bframe?k=x" width="400" height="580"></iframe>';
    });</script>`,
  );
  const r = await page.evaluate(async () => {
    const w = window;
    const t = new w.BrowserXDomTool.DomTool();
    const text: string = await t.getText();
    return t.click(/(nv_\w+) button "Sign up"/.exec(text)![1]);
  });
  expect(r.effect.appeared.blocker).toEqual({ kind: 'captcha', vendor: 'reCAPTCHA' });
  expect(r.text).toContain('blocked by a CAPTCHA (reCAPTCHA): a person is needed');
});

test('links to the site the page names as its own (canonical, og:url) do not leave it; others do', async ({ page }) => {
  // A saved or mirrored page: served from the test origin, its links absolute to its own site.
  await loadHtml(
    page,
    `
    <link rel="canonical" href="https://www.example-news.com/2026/story.html">
    <main>
      <a href="https://www.example-news.com/world">World</a>
      <a href="https://video.example-news.com/live">Live video</a>
      <a href="https://github.com/acme/tool">Source code</a>
    </main>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  expect(lineOf(text, /"World"/)).not.toMatch(/to=/);
  expect(lineOf(text, /"Live video"/)).not.toMatch(/to=/);
  expect(lineOf(text, /"Source code"/)).toMatch(/\[to=github\.com\]/);
});

test('a canonical URL the app sets after the first look counts in the next one', async ({ page }) => {
  // Head managers (react-helmet, Next's <Head>, vue-meta) write <link rel=canonical> after the
  // first render: the page's own site is a fact of each look, not of the document's first.
  await loadHtml(
    page,
    `<main>
      <a href="https://www.example-news.com/world">World</a>
      <a href="https://github.com/acme/tool">Source code</a>
    </main>`,
  );
  const before = (await snapshot(page)).text;
  expect(lineOf(before, /"World"/)).toMatch(/\[to=example-news\.com\]/);
  await page.evaluate(() => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = 'https://www.example-news.com/2026/story.html';
    document.head.append(link);
  });
  const after = (await snapshot(page)).text;
  expect(lineOf(after, /"World"/)).not.toMatch(/to=/);
  expect(lineOf(after, /"Source code"/)).toMatch(/\[to=github\.com\]/);
});
