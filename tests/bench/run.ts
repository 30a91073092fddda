// npm run bench: runs every benchmark in order and prints its figures. Targets are reported,
// not asserted: this machine's timing is noisy.
import { healthBench } from './health.bench.ts';
import { boxesBench } from './boxes.bench.ts';

const benches: [string, () => Promise<Record<string, number | string>>][] = [
  ['GET /api/health vs bare Fastify (20 connections, 5 s)', healthBench],
  ['GET /api/boxes and /api/boxes/{slug} vs bare Fastify (50 connections, 5 s)', boxesBench],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && !name.includes(only)) continue;
  process.stdout.write(`\n● ${name}\n`);
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`  ${k.padEnd(24)} ${v}\n`);
}
