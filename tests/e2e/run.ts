// npm run test:e2e [-- <playwright args>]: builds the client when dist/ is missing or older than its
// sources, checks that Debian's Chromium is there, then runs Playwright with the given arguments
// (a spec file, --project=desktop, -g "title", --workers=1 …). Exits with Playwright's code.
import { spawnSync } from 'node:child_process';
// @ts-expect-error -- a plain .mjs script without types
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
// @ts-expect-error -- a plain .mjs script without types
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';

buildIfStale();
if (!ensureChromium()) process.exit(1);
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
