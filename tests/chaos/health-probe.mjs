// Health prober for the abuse suite, run as its own process so that the attacking test's busy event
// loop does not inflate the figures: `node health-probe.mjs <base-url> <interval-ms>` polls
// GET <base-url>/api/health on a new connection each time (as a load balancer's check does), one poll
// at a time, every interval; a poll fails on an error, a status other than 200 or no answer in 2 s.
// When stdin ends it prints one JSON line {latencies (ms), failures (reasons)} and exits.
import { request } from 'node:http';

const [base, intervalArg] = process.argv.slice(2);
const interval = Number(intervalArg ?? 25);
const latencies = [];
const failures = [];
let stopping = false;

/** One poll: resolves after the answer, the error or the 2 s timeout. */
function poll() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = request(`${base}/api/health`, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) latencies.push(ms());
        else failures.push(`status ${res.statusCode}`);
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 2 s')));
    req.on('error', (e) => {
      failures.push(e.message);
      resolve();
    });
    req.end();
  });
}

async function loop() {
  while (!stopping) {
    await poll();
    await new Promise((r) => setTimeout(r, interval));
  }
  process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`);
}

process.stdin.on('data', () => {});
process.stdin.on('end', () => (stopping = true));
process.stdout.write('probing\n');
void loop();
