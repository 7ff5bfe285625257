// dist/content-core.js: what a frame's content script loader (integration/content-stub.ts)
// has the service worker inject on the frame's first request (issue 19) — the snapshot,
// the protocol and the frame messages; the action layer still comes on the first action.
// It runs in the loader's isolated world and leaves the handler factory where the loader
// looks for it. Ship it next to your content script (service option `coreScripts`).
import { createContentHandler } from './integration/content-script';
import { CORE_SLOT, type CoreFactory } from './integration/content-stub';

(globalThis as unknown as Record<PropertyKey, CoreFactory>)[CORE_SLOT] = createContentHandler;
