// Starts the built MCP server (dist/mcp.js) over Streamable HTTP on a port the system picks,
// for the specs that drive it with the SDK client or raw requests.
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './domtool';

/** Starts `dist/mcp.js --port 0 …args` and answers its URL, read from the line it prints on stderr. */
export async function startHttpServer(args: string[]): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [ROOT + 'dist/mcp.js', '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /listening on (\S+)/.exec(seen);
      if (m) resolve(new URL(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${seen}`)));
  });
  return { child, url };
}
