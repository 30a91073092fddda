// Reading the JSON reports of Vitest and Playwright (npm test's summary, npm run test:flaky).
import { existsSync, readFileSync } from 'node:fs';

/** The parsed JSON of `file`, or null when the runner wrote none. */
export function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Every result of a Playwright JSON report, with its spec and test (repeats and retries each one). */
export function* playwrightResults(report) {
  const suites = [report];
  while (suites.length) {
    const suite = suites.pop();
    suites.push(...(suite.suites ?? []));
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) yield { spec, test, result };
  }
}
