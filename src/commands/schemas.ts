// The option schemas of the command table's checks (checks.ts): each option a caller
// may pass, with the kind of value it takes. The defaults live with the options
// themselves (options.ts, the action modules); this says only what is acceptable.
import { oneOf, type OptionSchema } from './checks';
import type { InspectKind } from '../types';

/** The actions inspect() can dry-run (the agent tool lists them too). */
export const INSPECT_KINDS: readonly InspectKind[] = ['click', 'hover', 'type', 'clear', 'check', 'uncheck', 'focus'];

/** inspect(target, kind): one of the actions a dry run can check (actions/inspect.ts), or undefined (click). */
export const inspectKind = (v: unknown): InspectKind | undefined =>
  v === undefined ? undefined : oneOf(v, 'kind', INSPECT_KINDS);

export const SNAPSHOT_SCHEMA: OptionSchema = [
  ['force', 'bool'],
  ['maxNodes', 'int1'],
  ['maxDepth', 'int1'],
  ['timeBudgetMs', 'num0'],
  ['tokenBudget', 'num0'],
  ['viewportOnly', 'bool'],
  ['includeLayout', 'bool'],
  ['includeSelectors', 'bool'],
  ['includeIframes', 'bool'],
  ['maxIframeDepth', 'int0'],
  ['includeShadowDom', 'bool'],
  ['allowSensitiveValues', 'bool'],
  ['includeHiddenText', 'bool'],
  ['summarizeThreshold', 'int1'],
  ['summarizeKeep', 'int0'],
  ['shadowRootOf', 'fn'],
  ['hasClickListener', 'fn'],
];

/** new DomTool(options): the snapshot options and the tool's own. */
export const TOOL_SCHEMA: OptionSchema = [
  ...SNAPSHOT_SCHEMA,
  ['snapshotTTL', 'num0'],
  ['effectWindowMs', 'num0'],
  ['settleQuietMs', 'num0'],
  ['settleTimeoutMs', 'num0'],
  ['requestTracking', ['wrap', 'timing', 'off']],
  ['dialogHandling', ['wrap', 'bridge', 'off']],
  ['appearedTokenCap', 'num0'],
  ['debug', 'bool'],
  ['metricsCollector', 'fn'],
  ['document', 'obj'],
];

export const SERIALIZE_SCHEMA: OptionSchema = SNAPSHOT_SCHEMA;

export const TEXT_SCHEMA: OptionSchema = [
  ...SNAPSHOT_SCHEMA,
  ['maxTextLength', 'num0'],
  ['includeHrefs', 'bool'],
  ['header', 'bool'],
  ['frameSlot', 'fn'],
];

/** getChanges(options): the delta's own options and those of the snapshot it compares. */
export const CHANGES_SCHEMA: OptionSchema = [
  ...SNAPSHOT_SCHEMA,
  ['full', 'bool'],
  ['maxRatio', 'num0'],
  ['ignoreBlur', 'bool'],
];

/** find(query, options): how many matches, and the options of the snapshot it searches. */
export const FIND_SCHEMA: OptionSchema = [...SNAPSHOT_SCHEMA, ['limit', 'int1'], ['reveal', 'bool']];

/** How a confirm()/prompt() the action raises is answered (A10, actions/dialog-options.ts). */
const DIALOG_SCHEMA: OptionSchema = [
  ['dialog', ['accept', 'dismiss']],
  ['promptText', 'str'],
];

export const CLICK_SCHEMA: OptionSchema = [
  ['button', ['left', 'middle', 'right']],
  ['clickCount', 'int1'],
  ['mods', 'obj'],
  ['modifiers', 'obj'],
  ...DIALOG_SCHEMA,
];

export const TYPE_SCHEMA: OptionSchema = [['replace', 'bool'], ['pressEnter', 'bool'], ...DIALOG_SCHEMA];

export const KEYPRESS_SCHEMA: OptionSchema = [['modifiers', 'obj'], ['repeat', 'int0'], ...DIALOG_SCHEMA];

export const SCROLL_SCHEMA: OptionSchema = [['direction', ['up', 'down', 'left', 'right']]];

export const DRAG_SCHEMA: OptionSchema = [
  ['steps', 'int1'],
  ['position', ['before', 'after', 'center']],
  ['mode', ['auto', 'pointer', 'html5']],
];

export const UPLOAD_SCHEMA: OptionSchema = [['via', ['auto', 'input', 'drop']]];

export const STABLE_SCHEMA: OptionSchema = [
  ['quietMs', 'num0'],
  ['timeoutMs', 'num0'],
];

/** callPageTool(name, input, options): `signal` cancels the call in the page (S17). */
export const PAGE_TOOL_SCHEMA: OptionSchema = [['signal', 'obj']];
