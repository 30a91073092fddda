// npm test: typecheck, lint, unit + server tests (Vitest), build, browser tests (Playwright in
// Debian Chromium). Runs every stage, prints a summary and one closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const out = mkdtempSync(join(tmpdir(), 'la-test-report-'));
const node = process.execPath;
const stages = [];
let passed = 0;
let failed = 0;

function run(name, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stages.push({ name, ok: r.status === 0, seconds });
  return r.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

run('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']);
run('format (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']);

const vitestJson = join(out, 'vitest.json');
run('unit and server tests (vitest)', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
} else failed += 1;

const built = run('build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  NODE_ENV: 'production',
});
if (built && ensureChromium()) {
  const pwJson = join(out, 'playwright.json');
  run('browser tests (playwright)', ['node_modules/@playwright/test/cli.js', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  const p = readJson(pwJson);
  if (p) {
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  } else failed += 1;
} else {
  stages.push({ name: 'browser tests (playwright)', ok: false, seconds: '0' });
  failed += 1;
}

console.log('\nSummary');
for (const s of stages) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
const bad = stages.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(bad === 0 && failed === 0 ? 0 : 1);
