// The whole action layer, provided at load: imported by the bundles that carry the
// actions themselves (the npm entry, the IIFE) and by the extension's separately
// injected actions file. See ./action-layer.ts for why it is separate from the core.
import { ActionRunner } from '../actions/ActionRunner';
import { HighlightOverlay } from '../overlay/highlight';
import { computeAppeared } from '../changes/appeared';
import { provideActionLayer, type ActionLayer } from './action-layer';
import { version } from '../../package.json';

export const FULL_ACTION_LAYER: ActionLayer = {
  version,
  createRunner: (host) => new ActionRunner(host),
  createOverlay: (doc) => new HighlightOverlay(doc),
  computeAppeared,
};

provideActionLayer(FULL_ACTION_LAYER);
