// The shapes of the command table (./table.ts): what an entry declares (CommandSpec, its
// `doc` and `message`), and what it runs on (CommandHost: DomTool's internals). Types only.
import type { DomToolError } from '../actions/result';
import type { ActionRunner } from '../actions/ActionRunner';
import type { SnapshotOptions } from '../options';
import type { DomSnapshot, SerializeOptions, TextOptions } from '../snapshot/DomSnapshot';
import type { SerializedPage } from '../types';
import type { ChangeOptions, Changes } from '../changes/ChangeTracker';
import type { FindResult } from '../changes/views';
import type { HighlightResult } from '../overlay/highlight';
import type { QuietResult } from '../settle/quiet';
import type { PageTool, PageToolResult } from '../page-tools/tools';

/**
 * The actions: commands that act on the page and answer an ActionResult. The one list of
 * their names; the command table, the service's routed requests and the tests read it.
 */
export type ActionName =
  | 'click'
  | 'type'
  | 'keypress'
  | 'hover'
  | 'select'
  | 'check'
  | 'uncheck'
  | 'focus'
  | 'clear'
  | 'scroll'
  | 'drag'
  | 'upload';

/** The action methods an entry may call (the runner, loaded on first use): the actions and their dry run. */
export type ActionApi = Pick<ActionRunner, ActionName | 'inspect'>;

export type GetTextOptions = TextOptions & SnapshotOptions & { force?: boolean; since?: 'last'; root?: string };
export type SerializedDomOptions = SerializeOptions & SnapshotOptions & { force?: boolean };
export type FindOptions = { limit?: number; force?: boolean; reveal?: boolean } & SnapshotOptions;
export type StableOptions = { quietMs?: number; timeoutMs?: number };

/** What DomTool gives the table (its internals; not public API). */
export interface CommandHost {
  /** Options the constructor refused: every command answers with this error. */
  setupError: DomToolError | null;
  actions(): Promise<ActionApi>;
  snapshotFor(options: { force?: boolean } & SnapshotOptions): Promise<DomSnapshot>;
  serialized(options: SerializedDomOptions): Promise<SerializedPage>;
  text(options: GetTextOptions): Promise<string>;
  changes(options: ChangeOptions & SnapshotOptions): Promise<Changes>;
  find(query: string | RegExp, options: FindOptions): Promise<FindResult>;
  highlight(nodeIds: string[] | 'all'): Promise<HighlightResult>;
  clearHighlight(): void;
  invalidate(): void;
  /** Stops every observer and drops snapshots and the overlay; later calls answer an error. */
  dispose(): void;
  waitForStable(options: StableOptions): Promise<QuietResult>;
  /** S17: the page's WebMCP tools, and a call of one. */
  pageTools(): Promise<PageTool[]>;
  callPageTool(name: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<PageToolResult>;
  failedSnapshot(error: unknown): DomSnapshot;
  failedPayload(error: unknown): SerializedPage;
  failedText(error: unknown): string;
}

export type ServiceRoute = 'node' | 'any' | 'own';

export interface MessageSpec<M, T extends string, S extends ServiceRoute | undefined> {
  /** `domtool:<type>`; default: the command's name. */
  type?: T;
  /** The message's fields → the raw call arguments (checked by `check` next). */
  args(m: M): unknown[];
  /** The protocol's `result` for the call's answer (default: the answer itself). */
  answer?(result: unknown): unknown;
  service?: S;
  /** A pointer action: in a child frame, the service first checks nothing of a parent page covers the point. */
  pointer?: boolean;
  /** What a person sees after it succeeded when the extension shows visual feedback. */
  feedback?: 'click' | 'point' | 'field';
}

/**
 * What a command does, written for a model and read by people too: the agent tool
 * definitions (src/agent), the README and the .d.ts docs take it from here, so it is
 * written once. `does` says what it does and answers; `args` documents its arguments by
 * the names the agent tools give them.
 */
export interface CommandDoc {
  does: string;
  args?: Record<string, string>;
}

export interface CommandSpec<A extends unknown[], R> {
  /**
   * What it does, once: the agent tool definitions (src/agent/tools.ts) use it as their
   * description, and DomTool's TSDoc of the method must say it too (tests/unit/api-docs.test.ts).
   */
  doc: CommandDoc;
  check(raw: unknown[]): A;
  call(host: CommandHost, ...args: A): R;
  fail(error: DomToolError, host: CommandHost, raw: unknown[]): R;
}

/**
 * One entry; `message` when it is also a `domtool:*` request. The defaults are `any`: an
 * entry's `call` takes its own argument tuple (and `args` its own message), so with
 * `unknown` no entry would be assignable to the general Command.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Command<N extends string = string, A extends unknown[] = any[], R = unknown> = CommandSpec<A, R> & {
  readonly name: N;
  readonly message?: MessageSpec<any, string, ServiceRoute | undefined> & { aliases?: readonly string[] };
};
/* eslint-enable @typescript-eslint/no-explicit-any */
export type Request<
  N extends string,
  A extends unknown[],
  R,
  M,
  T extends string,
  S extends ServiceRoute | undefined,
  Al extends string,
> = CommandSpec<A, R> & {
  readonly name: N;
  // `service` required here (its value may be undefined): with the optional field of MessageSpec,
  // Extract<…, { message: { service: 'node' } }> matched nothing and the service's action
  // methods were typed as none at all.
  /** `aliases`: older message types still answered (deprecated names; the protocol lists them too). */
  readonly message: MessageSpec<M, T, S> & { type: T; service: S; aliases?: readonly Al[] };
};
