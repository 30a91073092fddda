// `npm test -- --changed`: which layers a change touches. The changed files are those committed on
// this branch since it left main (main...HEAD), plus staged, unstaged and untracked ones.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function git(args) {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n').filter(Boolean) : null;
}

/** The ref changes are counted from: `main` when it exists (vitest's `--changed main`), else none (uncommitted only). */
export function changedBase() {
  return git(['rev-parse', '--verify', '-q', 'main']) ? 'main' : null;
}

/** Changed paths (repository-relative), deleted ones included. */
export function changedFiles(base = changedBase()) {
  const files = new Set([
    ...(base ? (git(['diff', '--name-only', `${base}...HEAD`]) ?? []) : []),
    ...(git(['diff', '--name-only', 'HEAD']) ?? []),
    ...(git(['ls-files', '--others', '--exclude-standard']) ?? []),
  ]);
  return [...files].sort();
}

const under = (file, ...dirs) => dirs.some((d) => file.startsWith(d));
const isSpec = (file) => /^tests\/e2e\/[^/]+\.spec\.ts$/.test(file);

/**
 * What to run for `files`: `all` (a config, package or script file changed: everything), the Vitest
 * projects whose tests may import a changed file (Vitest's --changed then picks the files by their
 * imports), and the browser tests: all of them, some specs, or none. Typecheck and lint always run.
 */
export function planFor(files) {
  const plan = { all: false, projects: new Set(), e2e: 'none', specs: [] };
  for (const f of files) {
    if (f.endsWith('.md') || under(f, 'docs/')) continue; // prose: lint (prettier) only
    if (!f.includes('/') || under(f, 'scripts/', '.ci/', '.github/')) plan.all = true;
    else if (under(f, 'src/shared/', 'tests/shared/')) {
      plan.projects.add('shared');
      if (f.startsWith('src/')) ['client', 'server'].forEach((p) => plan.projects.add(p)); // both import shared code
      if (f.startsWith('src/')) plan.e2e = 'all';
    } else if (under(f, 'src/client/', 'tests/client/', 'assets/', 'shaders/')) {
      plan.projects.add('client');
      if (!f.startsWith('tests/')) plan.e2e = 'all';
    } else if (under(f, 'src/server/', 'tests/server/')) plan.projects.add('server');
    else if (isSpec(f)) plan.specs.push(f);
    else if (under(f, 'tests/e2e/'))
      plan.e2e = 'all'; // fixtures, players, helpers: every spec uses them
    else if (under(f, 'tests/helpers/')) ['client', 'server'].forEach((p) => plan.projects.add(p));
    else if (under(f, 'tests/bench/'))
      continue; // benchmarks are not part of npm test
    else plan.all = true; // anything else: be safe
  }
  if (plan.e2e === 'none' && plan.specs.length) plan.e2e = 'specs';
  plan.specs = plan.specs.filter((f) => existsSync(f));
  if (plan.e2e === 'specs' && !plan.specs.length) plan.e2e = 'none'; // only deleted specs
  return { ...plan, projects: [...plan.projects].sort() };
}
