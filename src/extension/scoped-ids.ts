// Frame- and tab-scoped node ids (seed 002's idea in few tokens) and the service
// worker's memory of which document each frame number stands for.
//
//   nv_k3x9      an element of the tab's main frame (the id DomTool itself issues)
//   f2:nv_k3x9   an element of child frame 2
//
// A frame number names one DOCUMENT, not a frame slot: when a child frame navigates,
// its new document gets a new number, so ids taken from the old document can never
// reach an element of the new one (seeds 000/003: ids die with a navigation). Numbers
// are unique across tabs, so an id from another tab's frame is recognised as such.
import { plainIdTokens } from '../snapshot/ids/node-id';

export interface FrameRecord {
  n: number;
  tabId: number;
  frameId: number;
  documentId: string;
  url: string;
  /** Why the document is gone, once it is. */
  gone?: 'navigated' | 'removed' | 'tab-closed';
}

interface TabRecord {
  /** Main-frame document the recorded ids came from. */
  documentId?: string;
  /** Main-frame ids handed out by snapshots of that document. */
  ids: Set<string>;
}

export interface ScopedId {
  /** 0 for the main frame. */
  frame: number;
  local: string;
}

const SCOPED = /^f(\d+):(.+)$/;

export function parseScopedId(id: string): ScopedId {
  const m = SCOPED.exec(id);
  return m ? { frame: Number(m[1]), local: m[2] } : { frame: 0, local: id };
}

export function framePrefix(n: number): string {
  return n > 0 ? 'f' + n + ':' : '';
}

/** Main-frame ids in a text snapshot (plain `nv_…` tokens not preceded by a frame prefix). */
export function plainIdsInText(text: string): string[] {
  const out: string[] = [];
  const re = plainIdTokens();
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[2]);
  return out;
}

export interface RegistryState {
  next: number;
  frames: FrameRecord[];
  tabs: [number, { documentId?: string; ids: string[] }][];
}

export class FrameRegistry {
  private next = 1;
  private readonly frames = new Map<number, FrameRecord>();
  private readonly byDocument = new Map<string, number>();
  private readonly tabs = new Map<number, TabRecord>();

  /** The number of a child frame's document (the same one for every snapshot of that document). */
  frameNumber(tabId: number, frameId: number, documentId: string, url: string): number {
    const known = this.byDocument.get(documentId);
    if (known !== undefined) {
      const rec = this.frames.get(known)!;
      rec.url = url;
      return known;
    }
    const n = this.next++;
    this.frames.set(n, { n, tabId, frameId, documentId, url });
    this.byDocument.set(documentId, n);
    return n;
  }

  frame(n: number): FrameRecord | undefined {
    return this.frames.get(n);
  }

  /** Remembers the main-frame ids a snapshot handed out (a new document starts a new set). */
  recordMain(tabId: number, documentId: string | undefined, ids: Iterable<string>): void {
    let tab = this.tabs.get(tabId);
    if (!tab || tab.documentId !== documentId) {
      tab = { documentId, ids: new Set() };
      this.tabs.set(tabId, tab);
    }
    for (const id of ids) tab.ids.add(id);
  }

  mainDocument(tabId: number): string | undefined {
    return this.tabs.get(tabId)?.documentId;
  }

  /** True when this tab's snapshots handed out `id` for its current main document. */
  issuedIn(tabId: number, id: string): boolean {
    return this.tabs.get(tabId)?.ids.has(id) ?? false;
  }

  /** Another tab whose snapshot handed out `id`, if any. */
  otherTabWith(tabId: number, id: string): number | undefined {
    for (const [other, tab] of this.tabs) if (other !== tabId && tab.ids.has(id)) return other;
    return undefined;
  }

  /** webNavigation.onCommitted: the frame's earlier documents are gone (and, for the main frame, every child's). */
  committed(tabId: number, frameId: number, documentId: string | undefined): void {
    for (const rec of this.frames.values()) {
      if (rec.tabId !== tabId || rec.gone) continue;
      if ((rec.frameId === frameId && rec.documentId !== documentId) || frameId === 0) rec.gone = 'navigated';
    }
    if (frameId === 0) {
      const tab = this.tabs.get(tabId);
      if (tab && tab.documentId !== documentId) this.tabs.delete(tabId);
    }
  }

  markGone(n: number, why: FrameRecord['gone']): void {
    const rec = this.frames.get(n);
    if (rec && !rec.gone) rec.gone = why;
  }

  tabClosed(tabId: number): void {
    for (const rec of this.frames.values()) if (rec.tabId === tabId && !rec.gone) rec.gone = 'tab-closed';
    this.tabs.delete(tabId);
  }

  /** Live frame records of a tab. */
  framesOf(tabId: number): FrameRecord[] {
    const out: FrameRecord[] = [];
    for (const rec of this.frames.values()) if (rec.tabId === tabId && !rec.gone) out.push(rec);
    return out;
  }

  toState(): RegistryState {
    // Gone records are kept (capped) so a late id still gets the precise refusal.
    const frames = [...this.frames.values()].slice(-500);
    return {
      next: this.next,
      frames,
      tabs: [...this.tabs].map(([id, t]) => [id, { documentId: t.documentId, ids: [...t.ids] }]),
    };
  }

  load(state: RegistryState | undefined): void {
    if (!state || typeof state.next !== 'number') return;
    this.next = Math.max(this.next, state.next);
    for (const rec of state.frames ?? []) {
      this.frames.set(rec.n, rec);
      this.byDocument.set(rec.documentId, rec.n);
    }
    for (const [id, t] of state.tabs ?? []) this.tabs.set(id, { documentId: t.documentId, ids: new Set(t.ids) });
  }
}
