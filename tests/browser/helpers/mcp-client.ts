// The SDK's own MCP Client as the MCP specs drive the built server (dist/mcp.js): a call
// answers the text a model reads and whether it is an error; a ref is read off the page
// text as a model reads it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { ROOT } from './domtool';

export const SERVER = ROOT + 'dist/mcp.js';

/** The server's options to launch the test Chromium, headless. */
export const LAUNCH = [
  '--headless',
  '--executable-path',
  chromiumPath(),
  ...chromiumArgs.flatMap((a) => ['--browser-arg', a]),
];

export type Answer = { text: string; isError: boolean };

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  const r = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  return { text: r.content.map((c) => c.text).join('\n'), isError: r.isError === true };
}

/** The ref the page text shows before the line matching `line` (e.g. 'textbox "Email"'); a frame's has its `f<n>:`. */
export function ref(text: string, line: string): string {
  const found = text.split('\n').find((l) => l.includes(line));
  const id = found?.trim().split(' ')[0];
  if (!id || !/^(f\d+:)?nv_/.test(id)) throw new Error(`no ref for ${line} in:\n${text}`);
  return id;
}

export async function stdioClient(args: string[]): Promise<Client> {
  const client = new Client({ name: 'domtool-test', version: '0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [SERVER, ...args], stderr: 'pipe' }),
  );
  return client;
}
