// Types for scripts/bookmarklet.mjs (imported by the integration tests).
export function bookmarkletSource(bundle: string): string;
export function bookmarkletUrl(bundle: string): string;
