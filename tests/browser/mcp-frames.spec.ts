// Cross-origin frames under the MCP server's own browser (issue 34: "the debugger protocol
// only launches, navigates and injects the library into every frame"): the SDK's Client reads
// a page whose sign-in form lives in a frame of another origin, with a chat frame of a third
// origin inside that one, and acts there by `f<n>:` refs. The test keeps its own CDP
// connection to the browser and reads each frame's own state: the answers are checked
// against what the frames did, not against themselves.
import { expect, test, chromium, type Browser, type Frame } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { ORIGIN, OTHER_ORIGIN, PORT, ROOT } from './helpers/domtool';
import { call, ref, stdioClient, type Answer } from './helpers/mcp-client';

const SHOP = `${ORIGIN}/fixtures/agent-frames/shop.html`;
const SECRET = 'hunter2-frame-secret';

let browser: Browser;
let client: Client;
/** The test's own view of the browser the server drives. */
let mine: Browser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const cdpPort = PORT + 16;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${cdpPort}`],
  });
  client = await stdioClient(['--cdp-endpoint', `http://127.0.0.1:${cdpPort}`]);
  mine = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
});

test.afterAll(async () => {
  await client?.close();
  await mine?.close();
  await browser?.close();
});

/** The shop page in the test's own connection. */
const shop = () =>
  mine
    .contexts()[0]
    .pages()
    .find((p) => p.url() === SHOP)!;

/** The frame of the shop page (in the test's own connection) whose URL ends with `path`. */
function frame(path: string): Frame {
  const urls = shop()
    .frames()
    .map((f) => f.url());
  const found = shop()
    .frames()
    .find((f) => f.url().endsWith(path));
  if (!found) throw new Error(`no frame ${path} in ${urls.join(', ')}`);
  return found;
}

/** Opens the shop and answers the page text once both frames show (they load after the page). */
async function openShop(): Promise<string> {
  await call(client, 'browser_navigate', { url: SHOP });
  let text = '';
  await expect
    .poll(async () => (text = (await call(client, 'browser_snapshot')).text), { timeout: 10_000 })
    .toMatch(/button "Start chat"/);
  return text;
}

test('the page text shows what a cross-origin frame (and one inside it) holds; refs act in that frame', async () => {
  const page = await openShop();
  const email = ref(page, 'textbox "Email"');
  const signIn = ref(page, 'button "Sign in"');
  const chat = ref(page, 'button "Start chat"');
  // Each frame's refs say which frame: the sign-in frame's one number, the chat frame's another.
  expect(email).toMatch(/^f\d+:nv_/);
  expect(signIn.split(':')[0]).toBe(email.split(':')[0]);
  expect(chat).toMatch(/^f\d+:nv_/);
  expect(chat.split(':')[0]).not.toBe(email.split(':')[0]);
  // The frame's lines sit under its iframe, which no longer says "not accessible".
  const lines = page.split('\n');
  const iframe = lines.findIndex((l) => /^iframe .*\/login\.html/.test(l));
  expect(iframe).toBeGreaterThanOrEqual(0);
  expect(lines[iframe]).not.toContain('not accessible');
  expect(lines.findIndex((l) => l.includes(email))).toBeGreaterThan(iframe);
  // The page's own refs are as before, and still act on the page.
  expect(ref(page, 'button "Help"')).toMatch(/^nv_/);
  const answers: Answer[] = [];

  answers.push(await call(client, 'browser_type', { ref: email, text: 'ada@example.com' }));
  expect(answers.at(-1)!.isError).toBe(false);
  expect(await frame('/login.html').locator('#email').inputValue()).toBe('ada@example.com');
  // The frame's state read through the test's own connection: the form was submitted there.
  answers.push(await call(client, 'browser_click', { ref: signIn }));
  expect(answers.at(-1)!.isError).toBe(false);
  expect(await frame('/login.html').evaluate(() => (window as unknown as { signedIn: string }).signedIn)).toBe(
    'ada@example.com',
  );
  // What changed in the frame is in the answer, under the frame's iframe, with the frame's refs.
  expect(answers.at(-1)!.text).toContain('Signed in as ada@example.com');

  // Two levels down: the chat frame inside the sign-in frame.
  answers.push(await call(client, 'browser_click', { ref: chat }));
  expect(answers.at(-1)!.isError).toBe(false);
  expect(await frame('/chat.html').evaluate(() => (window as unknown as { chats: number }).chats)).toBe(1);
  expect(answers.at(-1)!.text).toContain('Chat started');
  // The top page was not touched by any of it (A3).
  expect(await frame('/shop.html').locator('#state').textContent()).toBe('idle');

  // find searches the frames too, and answers their refs.
  const found = await call(client, 'browser_find', { query: 'Signed in' });
  expect(found.text).toMatch(/1 match/);
  expect(found.text).toContain('Signed in as ada@example.com');
  answers.push(found);
  answers.push(await call(client, 'browser_inspect', { ref: signIn }));
  expect(answers.at(-1)!.text).toContain(`${signIn} button "Sign in"`);
  answers.push(await call(client, 'browser_snapshot'));
  // S12: the saved password of the frame never reaches the agent, in any answer.
  for (const a of [{ text: page, isError: false }, ...answers]) expect(a.text).not.toContain(SECRET);
});

test('a ref of a frame that navigated since is refused, and nothing is done in its new document', async () => {
  const page = await openShop();
  const email = ref(page, 'textbox "Email"');
  const link = ref(page, 'link "Forgot password"');
  const moved = await call(client, 'browser_click', { ref: link });
  expect(moved.isError).toBe(false);
  // (The poll's function must not throw: expect.poll stops at a throw.)
  await expect
    .poll(
      () =>
        shop()
          .frames()
          .some((f) => f.url().endsWith('/help.html')),
      { timeout: 10_000 },
    )
    .toBe(true);
  await frame('/help.html').waitForLoadState();

  // The new document has an Email field of its own: the old ref must not reach it.
  const stale = await call(client, 'browser_type', { ref: email, text: 'mallory@example.com' });
  expect(stale.isError).toBe(true);
  expect(stale.text).toMatch(/^failed NAVIGATED: /);
  expect(stale.text).toContain('browser_snapshot');
  expect(await frame('/help.html').locator('#email').inputValue()).toBe('');
  const click = await call(client, 'browser_click', { ref: ref(page, 'button "Sign in"') });
  expect(click.text).toMatch(/^failed NAVIGATED: /);
  expect(await frame('/help.html').evaluate(() => (window as unknown as { resets: number }).resets)).toBe(0);

  // A new snapshot gives the new document's refs, under a new frame number, and they act.
  const again = (await call(client, 'browser_snapshot')).text;
  const fresh = ref(again, 'textbox "Email"');
  expect(fresh.split(':')[0]).not.toBe(email.split(':')[0]);
  expect((await call(client, 'browser_type', { ref: fresh, text: 'ada@example.com' })).isError).toBe(false);
  expect(await frame('/help.html').locator('#email').inputValue()).toBe('ada@example.com');
});

test('a pointer action in a frame that a banner of the page covers is refused, and lands once it is gone', async () => {
  const page = await openShop();
  const signIn = ref(page, 'button "Sign in"');
  await frame('/shop.html').evaluate(() => (window as unknown as { showBanner(): void }).showBanner());

  // The frame itself sees nothing over its button; the page's banner lies over the whole frame.
  const covered = await call(client, 'browser_click', { ref: signIn });
  expect(covered.isError).toBe(true);
  expect(covered.text).toMatch(/^failed OBSCURED: /);
  expect(covered.text).toContain('Cookie banner');
  expect(await frame('/login.html').locator('#result').textContent()).toBe('Signed out');

  // The banner has its own ref in the page text: accept it, then the same ref acts.
  const accept = ref((await call(client, 'browser_snapshot')).text, 'button "Accept cookies"');
  expect((await call(client, 'browser_click', { ref: accept })).isError).toBe(false);
  expect((await call(client, 'browser_click', { ref: signIn })).isError).toBe(false);
  expect(await frame('/login.html').locator('#result').textContent()).toBe('Signed in as ');
});

test('a cross-origin frame that appears after an action: what changed shows its content and refs', async () => {
  const page = await openShop();
  const opened = await call(client, 'browser_click', { ref: ref(page, 'button "Chat with us"') });
  expect(opened.isError).toBe(false);
  // The frame loads after the click answered: what changed since shows it once it is there.
  const underNewChat = (text: string) => text.split(`${OTHER_ORIGIN}/fixtures/agent-frames/chat.html`)[1] ?? '';
  let seen = opened.text;
  await expect
    .poll(
      async () => {
        if (!/button "Start chat"/.test(underNewChat(seen))) seen = (await call(client, 'browser_changes')).text;
        return underNewChat(seen);
      },
      { timeout: 10_000 },
    )
    .toMatch(/button "Start chat"/);
  // Its ref is a frame ref of its own, and acts in that frame.
  const start = ref(underNewChat(seen), 'button "Start chat"');
  expect(start).toMatch(/^f\d+:nv_/);
  expect((await call(client, 'browser_click', { ref: start })).isError).toBe(false);
  const frames = shop().frames();
  const counts = await Promise.all(
    frames
      .filter((f) => f.url().endsWith('/chat.html'))
      .map((f) => f.evaluate(() => (window as unknown as { chats: number }).chats)),
  );
  // The new chat was started, the one inside the sign-in frame was not.
  expect(counts.sort()).toEqual([0, 1]);
});

test('playwrightHost from Node: injectDomTool reaches the frames already open, and a frame ref acts', async ({
  page,
}) => {
  // The built package, as a Node project imports it (browserx-domtool/playwright and /agent).
  const { injectDomTool, playwrightHost } = (await import(
    ROOT + 'dist/playwright.js'
  )) as typeof import('../../src/playwright');
  const { callTool } = (await import(ROOT + 'dist/agent.js')) as typeof import('../../src/agent/index');
  await page.goto(SHOP);
  const chat = () => page.frames().find((f) => f.url().endsWith('/chat.html'));
  await expect.poll(() => !!chat()).toBe(true);
  await chat()!.waitForLoadState();
  // Injected after the frames loaded: their documents get the library now, not only later ones.
  await injectDomTool(page);
  const host = playwrightHost(page);
  const text = (await callTool(host, 'browser_snapshot')).text;
  const email = ref(text, 'textbox "Email"');
  expect(email).toMatch(/^f\d+:nv_/);
  expect((await callTool(host, 'browser_type', { ref: email, text: 'grace@example.com' })).ok).toBe(true);
  const login = page.frames().find((f) => f.url().endsWith('/login.html'))!;
  expect(await login.locator('#email').inputValue()).toBe('grace@example.com');
  expect((await callTool(host, 'browser_click', { ref: ref(text, 'button "Start chat"') })).ok).toBe(true);
  expect(await chat()!.evaluate(() => (window as unknown as { chats: number }).chats)).toBe(1);
});
