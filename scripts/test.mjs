// npm test: typecheck, lint, unit + server tests (Vitest), build, browser tests (Playwright in
// Debian Chromium). Runs every stage, prints a summary and one closing "N passed, N failed" line.
// `npm test -- --changed`: the inner loop — typecheck always, lint the changed files, and only the
// test layers the change touches (scripts/changed-plan.mjs; tests/README.md explains the rules);
// `--changed=<ref>` counts from another ref (e.g. HEAD: only what is not committed yet).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { changedBase, changedFiles, planFor } from './changed-plan.mjs';

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

function vitest(extra = []) {
  const vitestJson = join(out, 'vitest.json');
  run(`unit and server tests (vitest${extra.length ? ` ${extra.join(' ')}` : ''})`, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    ...extra,
  ]);
  const v = readJson(vitestJson);
  if (v) {
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  } else failed += 1;
}

function browserTests(specs = []) {
  const built = run('build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    NODE_ENV: 'production',
  });
  const name = `browser tests (playwright${specs.length ? ` ${specs.join(' ')}` : ''})`;
  if (built && ensureChromium()) {
    const pwJson = join(out, 'playwright.json');
    run(name, ['node_modules/@playwright/test/cli.js', 'test', ...specs], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
    const p = readJson(pwJson);
    if (p) {
      passed += p.stats.expected + p.stats.flaky;
      failed += p.stats.unexpected;
    } else failed += 1;
  } else {
    stages.push({ name, ok: false, seconds: '0' });
    failed += 1;
  }
}

function everything() {
  run('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
  run('lint', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']);
  run('format (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']);
  vitest(['--project', 'shared', '--project', 'server', '--project', 'client']); // chaos: npm run test:chaos
  browserTests();
}

function changedOnly(ref) {
  const base = ref || changedBase();
  const files = changedFiles(base);
  const plan = planFor(files);
  console.log(`Changed since ${base ?? 'HEAD'} (committed, staged, unstaged, untracked): ${files.length} file(s)`);
  for (const f of files) console.log(`  ${f}`);
  if (plan.all) {
    console.log('A config, package or script file changed: running everything.');
    return everything();
  }
  const e2e = plan.e2e === 'all' ? 'all' : plan.e2e === 'specs' ? plan.specs.join(' ') : 'none';
  console.log(`Plan: vitest projects [${plan.projects.join(', ') || 'none'}], browser tests: ${e2e}`);
  run('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
  const present = files.filter((f) => existsSync(f));
  const lintable = present.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
  if (lintable.length)
    run('lint (changed files)', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...lintable]);
  if (present.length)
    run('format (prettier --check, changed files)', [
      'node_modules/prettier/bin/prettier.cjs',
      '--check',
      '--ignore-unknown',
      '--log-level',
      'warn',
      ...present,
    ]);
  if (plan.projects.length)
    vitest([
      base ? `--changed=${base}` : '--changed',
      ...plan.projects.flatMap((p) => ['--project', p]),
      '--passWithNoTests',
    ]);
  if (plan.e2e === 'all') browserTests();
  else if (plan.e2e === 'specs') browserTests(plan.specs);
}

const changedArg = process.argv.slice(2).find((a) => a === '--changed' || a.startsWith('--changed='));
if (changedArg) changedOnly(changedArg.slice('--changed='.length));
else everything();

console.log('\nSummary');
for (const s of stages) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
const bad = stages.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(bad === 0 && failed === 0 ? 0 : 1);
