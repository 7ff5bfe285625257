// The href and src a node's line shows (S5): same-origin URLs as paths, long ones cut.

/** Same-origin URLs become paths; long ones are cut (S5). String work only: no URL parsing per link. */
export function shortenUrl(href: string, doc: Document | null): string {
  let out = href.trim();
  if (/^javascript:/i.test(out)) return 'javascript:';
  const origin = originOf(doc);
  if (
    origin &&
    out.startsWith(origin) &&
    (out.length === origin.length || out.charCodeAt(origin.length) === 47) /* / */
  ) {
    out = out.slice(origin.length) || '/';
  }
  return out.length > 100 ? out.slice(0, 99) + '…' : out;
}

let lastDoc: Document | null = null;
let lastOrigin = '';

function originOf(doc: Document | null): string {
  // location.origin is slow to read; a snapshot asks for the same document thousands of times.
  if (doc === lastDoc) return lastOrigin;
  lastDoc = doc;
  try {
    const origin = doc?.location?.origin;
    lastOrigin = origin && origin !== 'null' ? origin : '';
  } catch {
    lastOrigin = '';
  }
  return lastOrigin;
}
