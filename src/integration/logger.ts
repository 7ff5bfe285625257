// The `[DomTool]` logger (seed 001 "Telemetry, Logging & Debugging"). Off unless
// asked for, so a content script stays silent in the pages it runs in.
import { consoleLog, consoleWarn } from '../dom/builtins';
import type { MetricsEvent } from '../options';

export const LOG_PREFIX = '[DomTool]';

export interface Logger {
  readonly enabled: boolean;
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

export function createLogger(enabled: boolean): Logger {
  return {
    enabled,
    log: (...args) => {
      if (enabled) consoleLog(LOG_PREFIX, ...args);
    },
    warn: (...args) => {
      if (enabled) consoleWarn(LOG_PREFIX, ...args);
    },
  };
}

/** One readable line per metrics event, for the console. */
export function describeMetrics(event: MetricsEvent): string {
  const ms = event.ms.toFixed(1) + ' ms';
  if (event.kind === 'snapshot') {
    return (
      `snapshot ${ms}: ${event.nodes ?? 0} nodes, ${event.interactive ?? 0} interactive` +
      (event.truncated ? ', truncated' : '')
    );
  }
  return `${event.action ?? 'action'} ${event.ok ? 'ok' : 'failed'} ${ms}` + (event.code ? ` (${event.code})` : '');
}
