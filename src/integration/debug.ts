// The console debug handle (I2, seed 001): when `window.__browserxDebugDomTool === true`
// at load, the flag is replaced by a live DomTool that logs with a `[DomTool]` prefix,
// so a person can type `__browserxDebugDomTool.getText()` in the DevTools console.
import type { DomTool } from '../DomTool';
import type { DomToolOptions, MetricsEvent } from '../options';
import { createLogger, describeMetrics } from './logger';

export const DEBUG_FLAG = '__browserxDebugDomTool';

type DomToolClass = new (options?: DomToolOptions) => DomTool;

/** A DomTool that logs every snapshot and action (and forwards metrics to `options.metricsCollector`). */
export function createDebugTool(Tool: DomToolClass, options: DomToolOptions = {}): DomTool {
  const logger = createLogger(true);
  const forward = options.metricsCollector;
  return new Tool({
    ...options,
    debug: true,
    metricsCollector: (event: MetricsEvent) => {
      logger.log(describeMetrics(event), event);
      forward?.(event);
    },
  });
}

/**
 * Replaces `win.__browserxDebugDomTool === true` with a debug DomTool. Anything else
 * is left alone — in particular a DomTool from an earlier injection, so injecting
 * twice keeps the first handle and its state.
 */
export function installDebugHandle(win: object, Tool: DomToolClass): DomTool | undefined {
  const slot = win as Record<string, unknown>;
  let flag: unknown;
  try {
    flag = slot[DEBUG_FLAG];
  } catch {
    return undefined; // a throwing getter: not a flag we were asked to honour
  }
  if (flag !== true) return undefined;
  const tool = createDebugTool(Tool);
  try {
    slot[DEBUG_FLAG] = tool;
  } catch {
    return undefined;
  }
  if (slot[DEBUG_FLAG] !== tool) return undefined;
  createLogger(true).log('debug handle ready: try __browserxDebugDomTool.getText() or .highlight()');
  return tool;
}
