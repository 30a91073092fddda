// npm run test:flaky -- [--repeat N] [--load] <spec or test file …> [other runner arguments]
// Runs the same tests many times to find a flake, the way issue 30 hunted them:
// - browser specs (tests/e2e/…spec.ts, or none: every spec): `playwright test --repeat-each N`
//   (default 5) with retries off, on a fresh build;
// - Vitest files or folders (…test.ts/tsx, tests/server …): `vitest run` N times in a row.
// --load keeps every core busy with a spinning process meanwhile (a machine busy with another suite).
// Ends with each test that failed at least once, how often, and E2E_SEED to replay the browser run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { playwrightResults, readJson } from './test-reports.mjs';

const args = process.argv.slice(2);
let repeat = 5;
let load = false;
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--repeat') repeat = Number(args[++i]);
  else if (args[i] === '--load') load = true;
  else rest.push(args[i]);
}
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error('--repeat takes a whole number ≥ 1');
  process.exit(2);
}

/** Spinning processes, one per core, until stopped. */
function startLoad() {
  const spin = 'for(;;){Math.sqrt(Math.random())}';
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
  );
}

// Vitest files or folders (tests/server, tests/client/wallet …); anything else goes to Playwright
const vitestFiles = rest.filter(
  (a) => /\.test\.tsx?$/.test(a) || /^(\.\/)?tests\/(server|client|shared)(\/|$)/.test(a),
);
const failures = new Map();
const burners = load ? startLoad() : [];
const stop = () => burners.forEach((b) => b.kill());
process.on('exit', stop);
const out = mkdtempSync(join(tmpdir(), 'la-flaky-'));

if (vitestFiles.length) {
  for (let run = 1; run <= repeat; run++) {
    const json = join(out, `vitest-${run}.json`);
    console.log(`\n▶ vitest run ${run} of ${repeat}${load ? ' (under load)' : ''}`);
    spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${json}`,
        ...rest,
      ],
      {
        stdio: 'inherit',
      },
    );
    const report = readJson(json);
    if (!report) failures.set(`run ${run}: no report`, 1);
    for (const file of report?.testResults ?? [])
      for (const t of file.assertionResults)
        if (t.status === 'failed')
          failures.set(`${file.name} › ${t.fullName}`, (failures.get(`${file.name} › ${t.fullName}`) ?? 0) + 1);
  }
} else {
  buildIfStale();
  if (!ensureChromium()) process.exit(1);
  const json = join(out, 'playwright.json');
  console.log(`▶ playwright --repeat-each ${repeat}${load ? ' (under load)' : ''}`);
  spawnSync(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', `--repeat-each=${repeat}`, '--retries=0', ...rest],
    {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    },
  );
  const report = readJson(json);
  if (!report) failures.set('no report', 1);
  else
    for (const { spec, test, result } of playwrightResults(report))
      if (result.status !== 'passed' && result.status !== 'skipped') {
        const key = `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
}
stop();

console.log(
  `\n${failures.size === 0 ? 'No test failed' : 'Failed at least once'} in ${repeat} run(s)${load ? ' under load' : ''}:`,
);
for (const [test, n] of failures) console.log(`  ${n}× ${test}`);
process.exit(failures.size === 0 ? 0 : 1);
