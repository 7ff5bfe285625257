// The action layer on first use (issue 19). Every frame of a page loads the per-frame
// core (snapshot, text/JSON, ids, freshness, protocol, frame handshake); what only an
// action needs (pointer and keyboard sequences, typing, editors, drag, upload, formats,
// select, settle-after-action, the highlight overlay, effect.appeared) is one
// ActionLayer object, which DomTool asks for when a frame gets its first action:
//  - bundles that carry it (the IIFE, the npm entry) provide it at load
//    (./full-action-layer.ts);
//  - a core-only bundle (the extension's per-frame content script) registers a loader
//    that brings a separately built actions file into the frame; that file provides the
//    layer under a global key of this isolated world, where the core finds it.
// Nothing here runs at load beyond a few assignments (R1: a page that replaced the
// built-ins still loads us).
import type { ActionHost } from '../actions/ActionRunner';
import type { ActionApi } from './table';
import type { HighlightResult, HighlightSource } from '../overlay/highlight';
import type { AppearedOptions } from '../changes/appeared';
import type { Outline } from '../snapshot/render/outline';
import type { DomSnapshot } from '../snapshot/DomSnapshot';
import type { Appeared } from '../types';
import { defineProperty } from '../dom/builtins';
import { DomToolError } from '../actions/result';
import { version } from '../../package.json';

export interface OverlayApi {
  show(source: HighlightSource, nodeIds: string[] | 'all'): HighlightResult;
  clear(): void;
}

export interface ActionLayer {
  /** The build it belongs to: a layer of another version is not used. */
  readonly version: string;
  createRunner(host: ActionHost): ActionApi;
  createOverlay(doc: Document): OverlayApi;
  computeAppeared(before: Outline | null, after: DomSnapshot, options: AppearedOptions): Appeared;
}

/** Where a separately loaded actions file leaves the layer (a string: Symbol may be replaced, R1). */
const GLOBAL_KEY = '__browserxDomToolActionLayer';

let layer: ActionLayer | null = null;
let loader: (() => Promise<unknown>) | null = null;
let pending: Promise<ActionLayer> | null = null;

/** Makes the layer available to every DomTool of this world (bundles that carry it, and actions files). */
export function provideActionLayer(provided: ActionLayer): void {
  layer = provided;
  try {
    defineProperty(globalThis, GLOBAL_KEY, { value: provided, writable: true, configurable: true, enumerable: false });
  } catch {
    /* a frozen global: this module's own copy still has it */
  }
}

/** How a core-only bundle brings the layer in (e.g. asks the extension to inject its actions file). */
export function setActionLayerLoader(load: (() => Promise<unknown>) | null): void {
  loader = load;
}

function registered(): ActionLayer | null {
  try {
    const found = (globalThis as Record<string, unknown>)[GLOBAL_KEY] as ActionLayer | undefined;
    return found && found.version === version ? found : null;
  } catch {
    return null;
  }
}

/** Whether the layer is here already (then the first action costs nothing extra). */
export function hasActionLayer(): boolean {
  layer ??= registered();
  return layer !== null;
}

/** The action layer, loading it on first use; a DomToolError when it cannot be had. */
export function loadActionLayer(): Promise<ActionLayer> {
  if (hasActionLayer()) return Promise.resolve(layer!);
  if (!loader)
    return Promise.reject(
      new DomToolError(
        'ACTION_FAILED',
        NOT_LOADED + 'this build has no way to load it (use the full bundle, or set a loader).',
      ),
    );
  if (!pending) {
    const load = loader;
    pending = load().then(
      () => {
        pending = null;
        if (!hasActionLayer())
          throw new DomToolError(
            'ACTION_FAILED',
            NOT_LOADED + 'the actions file ran but did not register the layer (a file of another version?).',
          );
        return layer!;
      },
      (e: unknown) => {
        pending = null; // the next action tries again
        throw new DomToolError(
          'ACTION_FAILED',
          NOT_LOADED + String((e as Error)?.message ?? e) + '. Retry; reload the tab if it persists.',
        );
      },
    );
  }
  return pending;
}

const NOT_LOADED = 'The action code could not be loaded into this frame: ';
