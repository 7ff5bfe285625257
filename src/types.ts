// Public data shapes: the snapshot tree (seed 001 field names), the JSON payload
// (domtool.v1) and the action result contract (seed 003).

export type Tristate = boolean | 'mixed';

/** One node of the snapshot tree. Field names follow seed 001. */
export interface VirtualNode {
  node_id: string;
  /** localName; '#text' for a text run kept between elements, '#summary' for a synthetic summary or omission marker. */
  tag: string;
  role?: string;
  name?: string;
  /** Visible direct text (whitespace normalized, cut at ~500 chars). */
  text?: string;
  text_overflow?: boolean;
  /** Form field value, exact (no trimming). Omitted for secret fields (S12). */
  value?: string;
  href?: string;
  src?: string;
  /** Name for actionable elements that have no accessible name (icon-only buttons). */
  hint?: string;
  placeholder?: string;
  /** A select's option labels, the first MAX_OPTIONS_LISTED of them (long lists: countries, years). */
  options?: string[];
  /** How many options the select has, when more than `options` lists. */
  optionsTotal?: number;
  inputType?: string;
  level?: number;
  // States (S5) — present only when set.
  disabled?: boolean;
  checked?: Tristate;
  selected?: boolean;
  pressed?: Tristate;
  expanded?: boolean;
  required?: boolean;
  readonly?: boolean;
  invalid?: boolean | string;
  focused?: boolean;
  haspopup?: string;
  multiselectable?: boolean;
  current?: string;
  valuemin?: number;
  valuemax?: number;
  valuenow?: number;
  valuetext?: string;
  /** ARIA relations as reported in seed 000 §4. */
  aria?: { label?: string; labelledby?: string; describedby?: string; controls?: string; autocomplete?: string };
  visible: boolean;
  actionable?: boolean;
  /** Seed 004 tiers: 1 semantic, 2 heuristic, 3 structural. */
  tier?: 1 | 2 | 3;
  computed?: { focusable?: boolean; interactive?: boolean; visible?: boolean; offscreen?: boolean };
  /** Why a tier-2 element was judged actionable (e.g. 'onclick', 'cursor', 'tabindex'). */
  reason?: string;
  children?: VirtualNode[];
  iframe?: VirtualNode[];
  shadowDom?: VirtualNode[];
  frameSrc?: string;
  crossOrigin?: boolean;
  closedShadowRoot?: boolean;
  /**
   * The control's visible centre lies under another element (S14): the id of the
   * cover's control to use first (e.g. a banner's "Accept"), else its role and name.
   */
  covered?: string;
  /**
   * What acting on it does beyond the page, when the page says so (S16): opens a new tab
   * or window, downloads a file (its name when known), goes to or submits to another
   * site (its host), or is a step the page's own words call irreversible (Pay, Delete…).
   */
  consequence?: { newTab?: boolean; download?: string | true; host?: string; irreversible?: boolean };
  /**
   * Only with includeHiddenText: this text run is not seen by a sighted person, and why
   * ('visually-hidden', 'clipped', 'low-contrast', 'transparent', 'tiny', 'off-page', 'covered').
   */
  hidden?: string;
  /** Repeated-sibling summary (S9). */
  summary?: { total: number; shown: number; label: string };
  layout?: { x: number; y: number; width: number; height: number };
  selectors?: { css: string; xpath: string };
}

/** What blocks the page until a person acts (S16): a CAPTCHA, a sign-in wall, a cookie wall. */
export interface PageBlocker {
  kind: 'captcha' | 'login' | 'cookie-wall';
  /** The CAPTCHA's vendor (reCAPTCHA, hCaptcha, Cloudflare Turnstile, …). */
  vendor?: string;
}

export interface PageContext {
  url: string;
  title: string;
  domain: string;
  viewport: { width: number; height: number };
  scroll: { x: number; y: number; width: number; height: number };
  /** Present when something blocks the page and a person is needed (S16); agents branch on `kind`. */
  blocker?: PageBlocker;
}

export interface SnapshotMeta {
  version: 'domtool.v1';
  truncated: boolean;
  /** Why the output was cut, if it was. */
  truncation?: string[];
  /** Elements visited during traversal. */
  totalNodes: number;
  /** Nodes in the emitted tree. */
  emittedNodes: number;
  interactiveNodes: number;
  timings: { buildMs: number; serializeMs?: number };
  takenAt: number;
  error?: string;
}

export interface SerializedPage {
  page: {
    context: PageContext;
    body: VirtualNode;
    meta: SnapshotMeta;
  };
}

/**
 * Milliseconds per build stage of one snapshot (P6; snapshot/stages.ts says what each
 * covers). Rendering is timed by the caller of toText(): the stats do not change after
 * the snapshot is returned.
 */
export interface SnapshotStages {
  walk: number;
  classify: number;
  ids: number;
  distill: number;
}

export interface SnapshotStats {
  /** Per-stage time (P6). */
  readonly stages: Readonly<SnapshotStages>;
  readonly visitedElements: number;
  readonly keptNodes: number;
  readonly emittedNodes: number;
  readonly interactiveNodes: number;
  readonly buildMs: number;
  readonly truncated: boolean;
  readonly truncation: readonly string[];
}

/**
 * Every error code DomTool answers, in the page, through the `domtool:*` protocol and
 * through the extension service (one vocabulary: agents branch on `error.code`).
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'ELEMENT_NOT_FOUND'
  | 'STALE_NODE'
  | 'NOT_ACTIONABLE'
  | 'OBSCURED'
  | 'CROSS_ORIGIN'
  | 'ACTION_FAILED'
  | 'TIMEOUT'
  /** The tool was created where there is no web page (Node.js, a worker): nothing to snapshot or act on. */
  | 'NO_DOCUMENT'
  // The protocol's own:
  /** A `domtool:*` message type nobody answers. */
  | 'UNKNOWN_MESSAGE'
  /** DomTool itself failed (a bug): retry with a fresh snapshot. */
  | 'INTERNAL_ERROR'
  // The extension service's own (browserx-domtool/extension):
  | 'TAB_NOT_FOUND'
  | 'RESTRICTED_PAGE'
  | 'CONTENT_SCRIPT_NOT_LOADED'
  | 'WRONG_TAB'
  | 'NAVIGATED'
  | 'FRAME_GONE'
  | 'UNSUPPORTED'
  // The agent layer's own (browserx-domtool/agent, the MCP server):
  /** No tool of that name. */
  | 'UNKNOWN_TOOL'
  /** No tab to act in (none open, or the selected one closed). */
  | 'NO_TAB'
  /** The caller cancelled the call (an MCP client's cancel, an AbortSignal). */
  | 'CANCELLED'
  /** The MCP server runs with --extension and no paired extension is connected. */
  | 'EXTENSION_NOT_CONNECTED';

/** An error as data: the code to branch on, a message an LLM can act on, and whether retrying can help. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  recoverable: boolean;
}

/** What appeared after an action (A8): enough that the agent often needs no new snapshot. */
export interface Appeared {
  /** New or changed text of alerts, status and live regions, toasts. */
  alerts?: string[];
  /**
   * Messages the action set again in the same words (an alert's text replaced by the same
   * text): a person sees the message unchanged; assistive technology is told it was updated.
   */
  repeated?: string[];
  /** Fields that became invalid, with their error text. */
  errors?: { id: string; field: string; message: string }[];
  /** A dialog or popup (menu, listbox…) that opened. */
  opened?: { role: string; name: string; id: string };
  /** Lines of new controls, with their ids (what opened first), capped. */
  controls?: string[];
  /** New controls left out by the cap. */
  moreControls?: number;
  /**
   * Set when the look after the action stopped reading the page early (its time budget,
   * e.g. "time budget 250 ms"): what is listed and counted here is of the part it read,
   * and more may have appeared further down (`moreControls` is then a lower bound). The
   * result's line says so where it lists new controls.
   */
  cut?: string;
  /** The page navigated to this URL (take a fresh snapshot). */
  navigated?: string;
  /** After the action the page is blocked until a person acts (S16): a CAPTCHA, a sign-in or cookie wall. */
  blocker?: PageBlocker;
  /** Estimated tokens of this report (it is capped). */
  tokens: number;
}

export interface ActionEffect {
  mutations: number;
  /** What appeared (A8). */
  appeared?: Appeared;
  /** The page settled (DOM quiet, requests the action started finished) before the result was returned. */
  settled?: boolean;
  valueAfter?: string;
  /** Set when valueAfter was cut (values over 200 characters): the value's full length. */
  valueLength?: number;
  /** The target is a secret field (S12): its value is never reported, `valueAfter` is left out. */
  valueHidden?: boolean;
  focused?: string;
  navigated?: boolean;
  /** Where the page went; while it is still unloading, where it is going (when the page told). */
  urlAfter?: string;
  /** The action started a navigation away from this URL and the page is unloading. */
  leaving?: string;
  checkedAfter?: boolean;
  /** drag: what moved, as observed after the drop ("moved from position 1 to 3 of its list"). */
  moved?: string;
  /** upload: the file names the input (or dropzone drop) received. */
  files?: string[];
  /** JavaScript dialogs the action raised (alert/confirm/prompt), with the answer given (A10). */
  dialogs?: { type: 'alert' | 'confirm' | 'prompt'; message: string; accepted: boolean; value?: string }[];
  /**
   * The action clicked a link the page did not cancel, which the browser opens outside
   * this page: in a new tab (target=_blank, a named target) or as a download (the
   * download attribute, a file browsers save). A page cannot see that tab or file; the
   * extension reports them as `newTab` / `download`.
   */
  followed?: { url: string; opens: 'new-tab' | 'download' };
  /** Extension only: the tab or window the action opened (chrome.tabs.onCreated with this tab as opener). */
  newTab?: { tabId: number; url: string; windowId?: number; newWindow?: boolean };
  /** Extension only: the download the action started (chrome.downloads). */
  download?: { id: number; url: string; filename?: string; state?: string };
}

export interface ActionResult {
  /** The action was done and its effect verified (A4); false with `error` otherwise. */
  ok: boolean;
  /** @deprecated Use `ok` (the same value); kept for one release. */
  success: boolean;
  duration: number;
  error?: ErrorInfo;
  snapshotInvalidated: boolean;
  retrySuggested?: boolean;
  effect?: ActionEffect;
  noObservableEffect?: boolean;
  /** Extra notes for the agent (e.g. fallback paths taken). */
  notes?: string[];
  /**
   * The result in one line for an LLM (A10): what happened, what appeared, ids to use next;
   * a few tokens when nothing notable happened. The other fields are for programs.
   */
  text: string;
}

/** The action inspect() dry-runs (default click): each goes through the same retarget and checks as the action. */
export type InspectKind = 'click' | 'hover' | 'type' | 'clear' | 'check' | 'uncheck' | 'focus';

/** What inspect(id) found: the dry run of an action on that id (nothing is done to the page). */
export interface InspectResult {
  /** An action on it would go ahead now: the same as `actionable` (the flag every result has). */
  ok: boolean;
  id: string;
  /** The id resolved to a live element that still matches what the snapshot showed. */
  found: boolean;
  tag?: string;
  role?: string;
  name?: string;
  /** States as the snapshot reports them (S5): disabled, checked, expanded, … */
  states?: Omit<VirtualNode, 'node_id' | 'tag' | 'visible'>;
  /** Border box in the element's own frame's viewport coordinates. */
  box?: { x: number; y: number; width: number; height: number };
  /** Some part of it is inside the viewport (an action scrolls it into view otherwise). */
  inViewport?: boolean;
  /** The action dry-run (inspect's `kind`, default click) would be dispatched now (after scrolling it into view if needed). */
  actionable: boolean;
  /** Why not: the same code and message the action would return. */
  error?: ErrorInfo;
  notes?: string[];
}

/** What the snapshot recorded about a node, checked again before acting (A3). */
export interface NodeFingerprint {
  tag: string;
  role: string;
  /** Undefined when the snapshot did not compute it (containers named by their content): not compared. */
  name?: string;
}
