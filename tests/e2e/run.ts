// npm run test:e2e [-- <playwright args>]: builds the client when dist/ is missing or older than its
// sources, checks that Debian's Chromium is there, then runs Playwright with the given arguments
// (a spec file, --project=desktop, -g "title", --workers=1 …). Exits with Playwright's code.
// A run that names spec files runs just those (--no-deps: the scene-fps project's ordering after the
// others would otherwise bring the whole suite in).
import { spawnSync } from 'node:child_process';
// @ts-expect-error -- a plain .mjs script without types
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
// @ts-expect-error -- a plain .mjs script without types
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';

buildIfStale();
if (!ensureChromium()) process.exit(1);
const args = process.argv.slice(2);
if (args.some((a) => /\.spec\.ts(:\d+)*$/.test(a)) && !args.includes('--no-deps')) args.push('--no-deps');
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
