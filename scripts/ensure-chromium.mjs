// Makes sure a system Chromium exists: uses it if present, installs Debian's
// package when running as root with apt-get, otherwise says exactly what to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

const path = chromiumPath();
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.error('[domtool] Chromium not found; installing Debian package "chromium" ...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (existsSync(chromiumPath())) process.exit(0);
}
console.error(
  '[domtool] No Chromium found at ' +
    path +
    '.\n' +
    '  Install it with:  sudo apt-get install -y chromium\n' +
    '  or point CHROMIUM_PATH at an existing Chromium/Chrome binary.',
);
process.exit(1);
