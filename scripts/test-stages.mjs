// The stages of npm test (scripts/test.mjs) and how they run (runStages): each a child process
// whose output is kept in a file and printed whole when the stage ends (the checks run at once, so
// their output never interleaves), with its time, its test counts and, for Vitest and Playwright,
// each project's summed test time.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playwrightResults, readJson } from './test-reports.mjs';

const out = mkdtempSync(join(tmpdir(), 'la-test-report-'));
const node = process.execPath;

/** Runs `node args` with its output in `log`; resolves to its exit code. */
function runNode(args, log, env = {}) {
  return new Promise((resolve) => {
    const file = createWriteStream(log);
    const child = spawn(node, args, { env: { ...process.env, FORCE_COLOR: '0', ...env } });
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
    child.on('error', (e) => file.write(`${e.stack ?? e}\n`));
    child.on('close', (code) => file.end(() => resolve(code ?? 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A stage that runs one command; a test stage reads its counts from `report(code)`. */
function commandStage(name, args, { env, report } = {}) {
  return {
    name,
    async run() {
      const log = join(out, `${name.replace(/\W+/g, '-')}.log`);
      const started = Date.now();
      const code = await runNode(args, log, env);
      const counted = report?.(code) ?? {};
      return [{ name, ok: code === 0, ms: Date.now() - started, log, ...counted }];
    },
  };
}

/** Typecheck, ESLint and Prettier: `lint`/`format` are the paths to check (none: skipped). */
export function checkStages({ lint, format, changed = false }) {
  const checks = [
    ['typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], true],
    [
      changed ? 'lint (changed files)' : 'lint',
      ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...lint],
      lint.length > 0,
    ],
    [
      changed ? 'format (prettier --check, changed files)' : 'format (prettier --check)',
      [
        'node_modules/prettier/bin/prettier.cjs',
        '--check',
        '--log-level',
        'warn',
        ...(changed ? ['--ignore-unknown'] : []),
        ...format,
      ],
      format.length > 0,
    ],
  ];
  return checks.filter(([, , wanted]) => wanted).map(([name, args]) => commandStage(name, args));
}

/** Sums `ms` per key. */
function addTo(shares, key, ms) {
  shares[key] = (shares[key] ?? 0) + ms;
}

/** Vitest with `extra` arguments: counts from its JSON report, each project's summed file time. */
export function vitestStage(extra) {
  const json = join(out, 'vitest.json');
  const stage = commandStage(
    `unit and server tests (vitest ${extra.join(' ')})`,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      ...extra,
    ],
    {
      report() {
        const v = readJson(json);
        if (!v) return { passed: 0, failed: 1 };
        const shares = {};
        for (const file of v.testResults ?? []) {
          const project = /\/tests\/([^/]+)\//.exec(file.name)?.[1] ?? 'other';
          addTo(shares, project, (file.endTime ?? 0) - (file.startTime ?? 0));
        }
        return { passed: v.numPassedTests, failed: v.numFailedTests, shares };
      },
    },
  );
  return { ...stage, vitest: true };
}

/** Per Playwright project, the summed time of its tests. */
function playwrightShares(report) {
  const shares = {};
  for (const { test, result } of playwrightResults(report)) addTo(shares, test.projectName, result.duration);
  return shares;
}

/** The production build, then Playwright on `specs` (none: every spec). */
export function browserStage(specs = []) {
  const build = commandStage('build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    env: { NODE_ENV: 'production' },
  });
  const name = `browser tests (playwright${specs.length ? ` ${specs.join(' ')}` : ''})`;
  const json = join(out, 'playwright.json');
  // named specs run alone (--no-deps: not after the whole suite, which the scene-fps project waits for)
  const args = specs.length ? [...specs, '--no-deps'] : [];
  const playwright = commandStage(name, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    report() {
      const p = readJson(json);
      if (!p) return { passed: 0, failed: 1 };
      return { passed: p.stats.expected + p.stats.flaky, failed: p.stats.unexpected, shares: playwrightShares(p) };
    },
  });
  return {
    name,
    browser: true,
    build,
    tests: {
      name,
      async run({ chromium, built }) {
        if (!built || !chromium)
          return [{ name, ok: false, ms: 0, passed: 0, failed: 1, note: chromium ? 'build failed' : 'no Chromium' }];
        return playwright.run();
      },
    },
  };
}

/** Prints a finished stage: its outcome and time, then its whole output. */
function report(r) {
  console.log(`\n▶ ${r.name}: ${r.ok ? 'ok' : 'FAILED'} in ${seconds(r.ms)}${r.note ? ` (${r.note})` : ''}`);
  if (r.log && existsSync(r.log)) process.stdout.write(readFileSync(r.log, 'utf8'));
}

/** Stages that run at once, each reported as it ends. */
async function together(stages, context) {
  const results = [];
  await Promise.all(
    stages.map(async (stage) => {
      for (const r of await stage.run(context)) {
        results.push(r);
        report(r);
      }
    }),
  );
  return results;
}

/**
 * Runs the checks and the build at once (short, each on one core), then Vitest, then the browser
 * tests. Measured in issue 30: the browser tests keep both cores busy (Chromium renders every Pixi
 * frame in software), so running Vitest or the checks beside them only made everything slower
 * (side by side at one priority they starved each other; niced, the checks took 6 minutes and the
 * whole run was no faster than one stage after another).
 */
export async function runStages(stages, context) {
  const results = [];
  const first = stages.filter((s) => !s.browser && !s.vitest);
  const builds = stages.filter((s) => s.browser).map((s) => s.build);
  console.log(`Running: ${stages.map((s) => s.name).join(' · ')}`);
  results.push(...(await together([...first, ...builds], context)));
  for (const stage of stages.filter((s) => s.vitest)) results.push(...(await together([stage], context)));
  const built = results.filter((r) => r.name === 'build').every((r) => r.ok);
  for (const stage of stages.filter((s) => s.browser))
    results.push(...(await together([stage.tests], { ...context, built })));
  return results;
}

/** Prints each stage's time (and its projects' summed test time) and the closing line; true when all passed. */
export function printSummary(results, wallMs) {
  let passed = 0;
  let failed = 0;
  console.log('\nSummary');
  for (const r of results) {
    passed += r.passed ?? 0;
    failed += r.failed ?? 0;
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${seconds(r.ms)})`);
    for (const [project, ms] of Object.entries(r.shares ?? {}).sort((a, b) => b[1] - a[1]))
      console.log(`         ${project}: ${seconds(ms)} of test time`);
  }
  console.log(`  wall time ${seconds(wallMs)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  return results.every((r) => r.ok) && failed === 0;
}
