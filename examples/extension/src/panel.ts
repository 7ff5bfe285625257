// Side panel of the example extension: the active tab's text snapshot, every frame
// included. Hovering a line highlights its element in the page; clicking an id runs
// `click` on it; the box at the bottom sends any message to the service
// ({"type":"domtool:type","nodeId":"f2:nv_8sch","text":"hello"} — tabId is added).
// DOM built with textContent only.
export {};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const snapshotEl = $<HTMLElement>('snapshot');
const statusEl = $<HTMLElement>('status');
const pageEl = $<HTMLElement>('page');
const answerEl = $<HTMLElement>('answer');
const messageEl = $<HTMLTextAreaElement>('message');
const allEl = $<HTMLInputElement>('all');

// ?tabId=12 pins the panel to a tab (tests, screenshots); otherwise it follows the active tab.
const pinned = Number(new URLSearchParams(location.search).get('tabId'));
let tabId: number | undefined = Number.isInteger(pinned) && pinned > 0 ? pinned : undefined;

type Answer = { ok?: boolean; result?: unknown; error?: { code: string; message: string } };

function request(message: Record<string, unknown>): Promise<Answer> {
  return chrome.runtime.sendMessage<Record<string, unknown>, Answer>({ tabId, ...message });
}

function setStatus(text: string): void {
  statusEl.textContent = text;
  statusEl.title = text;
}

const ID = /(f\d+:)?nv_[0-9a-z]+/g;

function renderLine(text: string): HTMLElement {
  const line = document.createElement('div');
  line.className = 'line';
  if (/^\s*#/.test(text)) line.classList.add('comment');
  let last = 0;
  const ids: string[] = [];
  for (let m = ID.exec(text); m; m = ID.exec(text)) {
    line.append(text.slice(last, m.index));
    const id = document.createElement('span');
    id.className = 'id' + (m[1] ? ' frame' : '');
    id.textContent = m[0];
    id.dataset.id = m[0];
    line.append(id);
    ids.push(m[0]);
    last = m.index + m[0].length;
  }
  line.append(text.slice(last));
  if (ids.length) {
    line.classList.add('has-id');
    line.dataset.ids = ids.join(' ');
  }
  return line;
}

async function refresh(): Promise<void> {
  if (tabId === undefined) {
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    tabId = tab?.id;
  }
  if (tabId === undefined) return setStatus('No tab.');
  setStatus('Reading…');
  const got = await request({ type: 'domtool:getText' });
  snapshotEl.replaceChildren();
  if (!got.ok) {
    pageEl.textContent = 'Cannot read this tab';
    return setStatus(`${got.error?.code}: ${got.error?.message}`);
  }
  const lines = String(got.result).split('\n');
  pageEl.textContent = (lines[0] ?? '').replace(/^# page /, '');
  const frag = document.createDocumentFragment();
  for (let i = 1; i < lines.length; i++) frag.append(renderLine(lines[i]));
  snapshotEl.append(frag);
  setStatus(`${lines.length - 1} lines`);
  if (allEl.checked) await request({ type: 'domtool:highlight', nodeIds: 'all' });
}

snapshotEl.addEventListener('mouseover', (e) => {
  const line = (e.target as Element).closest?.<HTMLElement>('.line.has-id') ?? null;
  if (!line || line.dataset.hovered) return;
  for (const other of snapshotEl.querySelectorAll('[data-hovered]')) delete (other as HTMLElement).dataset.hovered;
  line.dataset.hovered = '1';
  void request({ type: 'domtool:highlight', nodeIds: (line.dataset.ids ?? '').split(' ') });
});
snapshotEl.addEventListener('mouseleave', () => {
  for (const other of snapshotEl.querySelectorAll('[data-hovered]')) delete (other as HTMLElement).dataset.hovered;
  void request(allEl.checked ? { type: 'domtool:highlight', nodeIds: 'all' } : { type: 'domtool:clearHighlight' });
});
snapshotEl.addEventListener('click', async (e) => {
  const id = (e.target as HTMLElement).dataset?.id;
  if (!id) return;
  setStatus(`click ${id}…`);
  const result = await request({ type: 'domtool:click', nodeId: id });
  setStatus(result.ok ? `click ${id}: done` : `click ${id}: ${result.error?.code} ${result.error?.message ?? ''}`);
  answerEl.textContent = JSON.stringify(result, null, 2);
  setTimeout(() => void refresh(), 300);
});

$<HTMLButtonElement>('refresh').addEventListener('click', () => void refresh());
allEl.addEventListener(
  'change',
  () =>
    void request(allEl.checked ? { type: 'domtool:highlight', nodeIds: 'all' } : { type: 'domtool:clearHighlight' }),
);
$<HTMLButtonElement>('send').addEventListener('click', async () => {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(messageEl.value) as Record<string, unknown>;
  } catch (e) {
    answerEl.textContent = `Not JSON: ${(e as Error).message}`;
    return;
  }
  const result = await request(message);
  answerEl.textContent = JSON.stringify(result, null, 2);
  setTimeout(() => void refresh(), 300);
});

// The MCP server this extension serves (service-worker.ts): pair with the code the server prints.
const mcpStatusEl = $<HTMLElement>('mcp-status');
const pairingEl = $<HTMLInputElement>('pairing');
async function mcp(message: Record<string, unknown>): Promise<void> {
  const s = await chrome.runtime.sendMessage<
    Record<string, unknown>,
    { ok: boolean; status?: string; detail?: string; error?: string }
  >(message);
  mcpStatusEl.textContent = s.ok
    ? `MCP server: ${s.status}${s.detail ? ` (${s.detail})` : ''}`
    : `MCP server: ${s.error}`;
}
$<HTMLButtonElement>('pair').addEventListener('click', () => {
  void mcp({ type: 'mcp:pair', code: pairingEl.value });
  pairingEl.value = '';
});
$<HTMLButtonElement>('unpair').addEventListener('click', () => void mcp({ type: 'mcp:unpair' }));
setInterval(() => void mcp({ type: 'mcp:status' }), 1000);
void mcp({ type: 'mcp:status' });

if (pinned) {
  void refresh();
} else {
  chrome.tabs.onActivated.addListener(({ tabId: id }) => {
    tabId = id;
    void refresh();
  });
  chrome.tabs.onUpdated.addListener((id, info) => {
    if (id === tabId && info.status === 'complete') void refresh();
  });
  void refresh();
}
