// The service's answers to an action: a failure as data (what it did beyond its page: beyond-page.ts).
import type { ErrorCode } from '../types';
import { renderResultText } from '../actions/result-text';
import type { ExtensionActionResult, ExtensionError } from './service-types';

export function err(code: ErrorCode, message: string, recoverable = true): ExtensionError {
  return { code, message, recoverable };
}

export function failed(start: number, error: ExtensionError): ExtensionActionResult {
  const result: ExtensionActionResult = {
    ok: false,
    success: false,
    duration: Date.now() - start,
    error,
    snapshotInvalidated: true,
    text: '',
  };
  result.text = renderResultText(result);
  return result;
}

export function originOf(url: string | undefined): string {
  const m = /^(https?:\/\/[^/?#]+)/i.exec(url ?? '');
  return m ? m[1] : '';
}
