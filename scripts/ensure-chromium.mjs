// Makes sure Debian's Chromium is installed for the browser tests: installs it with apt-get when
// running as root, otherwise says exactly what to install. Never downloads a browser build.
// Two Debian packages: `chromium-headless-shell`, the browser the tests drive (Chromium's headless
// build without the desktop browser around it: a quarter less CPU over the same specs, measured with
// modals + shell + boxes alternately, 14.8/15.5 → 11.3/11.2 CPU s), and `chromium`, which the benches
// and the screenshot script drive (CHROMIUM_PATH overrides either).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser of `npm test`'s browser stage (scripts/chromium-for-tests.sh starts it). */
export const testBrowserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Returns true when both are (now) available. */
export function ensureChromium() {
  const missing = [
    ['chromium', chromiumPath],
    ['chromium-headless-shell', testBrowserPath],
  ].filter(([, path]) => !existsSync(path));
  if (missing.length === 0) return true;
  const packages = missing.map(([pkg]) => pkg);
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian's ${packages.join(' and ')} with apt-get for the browser tests…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    if (r.status === 0 && missing.every(([, path]) => existsSync(path))) return true;
  }
  console.error(
    `Browser tests need ${missing.map(([, path]) => path).join(' and ')}. Install with: sudo apt-get install -y ${packages.join(' ')} (or set CHROMIUM_PATH).`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
