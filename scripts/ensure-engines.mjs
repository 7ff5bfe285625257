// Makes sure Firefox ESR and WebKitGTK (WebKitWebDriver, MiniBrowser, Xvfb) exist for
// the engine runs: installs Debian's packages when running as root with apt-get,
// otherwise says exactly what to run. Usage: node scripts/ensure-engines.mjs [firefox] [webkit]
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const MINIBROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
];

const onPath = (cmd) => (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${cmd}`));

/** What each engine needs: a check and the Debian packages that satisfy it. */
export const REQUIREMENTS = {
  firefox: {
    present: () => !!process.env.FIREFOX_PATH || FIREFOX.some((p) => existsSync(p)),
    packages: ['firefox-esr'],
  },
  webkit: {
    present: () =>
      onPath('WebKitWebDriver') &&
      (!!process.env.MINIBROWSER_PATH || MINIBROWSER.some((p) => existsSync(p))) &&
      (onPath('Xvfb') || !!process.env.DOMTOOL_USE_DISPLAY),
    // webkit2gtk-driver pulls in libwebkit2gtk-4.1-0, which ships MiniBrowser.
    packages: ['webkit2gtk-driver', 'xvfb'],
  },
};

/** Returns true when every requested engine is usable (after installing if allowed). */
export function ensureEngines(engines) {
  const missing = engines.filter((e) => !REQUIREMENTS[e].present());
  if (!missing.length) return true;
  const packages = [...new Set(missing.flatMap((e) => REQUIREMENTS[e].packages))];
  const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.error(
      `[domtool] ${missing.join(' and ')} not found; installing Debian packages: ${packages.join(' ')} ...`,
    );
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${command} -qq`, { stdio: 'inherit' });
    if (missing.every((e) => REQUIREMENTS[e].present())) return true;
  }
  console.error(
    `[domtool] Missing for the ${missing.join(' and ')} test run: Debian packages ${packages.join(', ')}.\n` +
      `  Install them with:  sudo ${command}\n` +
      '  (or set FIREFOX_PATH / MINIBROWSER_PATH to existing binaries).',
  );
  return false;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const asked = process.argv.slice(2).filter((a) => a in REQUIREMENTS);
  process.exit(ensureEngines(asked.length ? asked : Object.keys(REQUIREMENTS)) ? 0 : 1);
}
