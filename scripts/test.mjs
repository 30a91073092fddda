// npm test: typecheck, lint, unit + server tests (Vitest), build, browser tests (Playwright in
// Debian Chromium). Runs every stage, prints a summary with each stage's time and one closing
// "N passed, N failed" line.
// The checks and the build run at once, then Vitest, then the browser tests (scripts/test-stages.mjs
// says why); each stage's output is kept and printed whole when it ends.
// `npm test -- --changed`: the inner loop — typecheck always, lint the changed files, and only the
// test layers the change touches (scripts/changed-plan.mjs; tests/README.md explains the rules);
// `--changed=<ref>` counts from another ref (e.g. HEAD: only what is not committed yet).
import { existsSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { changedBase, changedFiles, planFor } from './changed-plan.mjs';
import { browserStage, checkStages, printSummary, runStages, vitestStage } from './test-stages.mjs';

/** The stages of the full run. */
function everything() {
  return [
    ...checkStages({ lint: ['.'], format: ['.'] }),
    vitestStage(['--project', 'shared', '--project', 'server', '--project', 'client']), // chaos: npm run test:chaos
    browserStage(),
  ];
}

/** The stages of `--changed[=ref]`. */
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
  const present = files.filter((f) => existsSync(f));
  const lintable = present.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
  const stages = checkStages({ lint: lintable, format: present, changed: true });
  if (plan.projects.length)
    stages.push(
      vitestStage([
        base ? `--changed=${base}` : '--changed',
        ...plan.projects.flatMap((p) => ['--project', p]),
        '--passWithNoTests',
      ]),
    );
  if (plan.e2e === 'all') stages.push(browserStage());
  else if (plan.e2e === 'specs') stages.push(browserStage(plan.specs));
  return stages;
}

const changedArg = process.argv.slice(2).find((a) => a === '--changed' || a.startsWith('--changed='));
const stages = changedArg ? changedOnly(changedArg.slice('--changed='.length)) : everything();
// before anything runs: apt-get may have to install it, and it prints
const chromium = stages.some((s) => s.browser) ? ensureChromium() : true;
const started = Date.now();
const results = await runStages(stages, { chromium });
const ok = printSummary(results, Date.now() - started);
process.exit(ok ? 0 : 1);
