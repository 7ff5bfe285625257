// Pages Chrome lets no extension read or act on, and how the service says so.

export const restrictedMessage = (url: string, what: string) =>
  `Chrome does not let extensions read or act on ${what} (${url.slice(0, 120)}). Nothing on this tab can be snapshotted or clicked: ` +
  'navigate this tab to a regular http(s) page, or work in another tab.';

/** Why a content script cannot run at `url`, or null. */
export function restrictedReason(url: string | undefined): string | null {
  if (!url) return null;
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  if (
    [
      'chrome:',
      'chrome-extension:',
      'chrome-untrusted:',
      'chrome-search:',
      'devtools:',
      'edge:',
      'brave:',
      'view-source:',
      'about:',
      'data:',
      'javascript:',
    ].indexOf(scheme) >= 0
  ) {
    return restrictedMessage(url, scheme === 'chrome-extension:' ? 'extension pages' : `${scheme}// browser pages`);
  }
  if (/^https?:\/\/(chromewebstore\.google\.com|chrome\.google\.com\/webstore)(\/|$)/i.test(url))
    return restrictedMessage(url, 'the Chrome Web Store');
  return null;
}
