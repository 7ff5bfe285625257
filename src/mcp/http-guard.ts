// Who may talk to the Streamable HTTP server (--port). Without this, any web page the user
// opens could drive the browser behind the server: through DNS rebinding (a name the attacker
// controls resolves to 127.0.0.1, so the page's requests carry its own Host) or by posting
// from its own origin to http://127.0.0.1:<port>/mcp. So the Host must name this server
// (a loopback name on the served port, or a host the user allowed with --allowed-hosts, as
// Playwright MCP names the option), and a browser's Origin, when one is sent, must too.

/** `*` turns the checks off (as Playwright MCP's `--allowed-hosts '*'`). */
export interface HostPolicy {
  /** The port the server is bound to. */
  readonly port: number;
  /** Extra hosts the user allowed: `name` (any port) or `name:port`; lower case. */
  readonly allowed: readonly string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Splits `name[:port]` (IPv6 in brackets); undefined when it is not one. */
function splitHost(host: string): { name: string; port: string | undefined } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[^[\]:/@\s]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  return m ? { name: m[1].toLowerCase(), port: m[2] } : undefined;
}

/** Whether `host` (a Host header value, or an origin's host) names this server. */
export function hostAllowed(host: string | undefined, policy: HostPolicy): boolean {
  if (policy.allowed.includes('*')) return true;
  if (!host) return false;
  const parts = splitHost(host);
  if (!parts) return false;
  // HTTP leaves the port out of Host when it is the scheme's default.
  const port = parts.port ?? '80';
  if (LOOPBACK.has(parts.name) && port === String(policy.port)) return true;
  return policy.allowed.some((entry) => {
    const allowed = splitHost(entry);
    return allowed !== undefined && allowed.name === parts.name && (allowed.port ?? port) === port;
  });
}

/** Why a request is refused (status and text to answer), or null when it may go on. */
export function refusal(
  headers: { host?: string; origin?: string | string[] },
  policy: HostPolicy,
): { status: number; text: string } | null {
  if (policy.allowed.includes('*')) return null;
  if (!headers.host) return { status: 400, text: 'Missing Host header' };
  if (!hostAllowed(headers.host, policy))
    return { status: 403, text: `Host ${headers.host} is not allowed (see --allowed-hosts)` };
  // Clients outside a browser send no Origin; a browser always does, and names the page's.
  const origin = headers.origin;
  if (origin === undefined) return null;
  const value = Array.isArray(origin) ? origin.join(',') : origin;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // An opaque origin ("null": a sandboxed frame, a file) is never this server's.
  const port = url?.port || (url?.protocol === 'https:' ? '443' : '80');
  if (!url || !/^https?:$/.test(url.protocol) || !hostAllowed(`${url.hostname}:${port}`, policy))
    return { status: 403, text: `Origin ${value} is not allowed` };
  return null;
}

/** `--allowed-hosts a,b:8080` as the policy's list. */
export function parseAllowedHosts(value: string): string[] {
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}
