// The /dev/scenes story for Bounce: N balls on any rows and risk, from the paths in the URL
// (`outcome=LRRL…,RLLR…`, one per ball) or from seeded outcomes (`balls=N`), each replayed from the
// same trajectory the page computes from a server path; they start 80 engine ms apart (`gap=ms`: 0 drops
// them all at once, e.g. 100 balls in the air for the frame-rate test).
import { isPlinkoRows, plinkoTable, RISKS, type Risk } from '../../../shared/fair/index.ts';
import { pathBits, plinkoOutcome } from '../../../shared/games/plinko/plinko.outcome.ts';
import { dropTrajectory, type DropScript } from '../../../shared/games/plinko/plinko.script.ts';
import { PlinkoScene } from './plinko.scene.ts';

const GAP_MS = 80; // engine ms between two balls (by default)
const MAX_BALLS = 100;

/** What the story needs from the URL, checked (throws with the rule broken). */
export function plinkoStoryInput(params: URLSearchParams): { rows: number; risk: Risk; paths: string[] } {
  const rows = Number(params.get('rows') ?? 16);
  if (!isPlinkoRows(rows)) throw new Error('rows must be a whole number from 8 to 16');
  const risk = (params.get('risk') ?? 'medium') as Risk;
  if (!RISKS.includes(risk)) throw new Error(`risk must be one of ${RISKS.join(', ')}`);
  const given = params.get('outcome')?.trim();
  if (given) {
    const paths = given.split(',').map((p) => p.trim().toUpperCase());
    if (paths.length > MAX_BALLS) throw new Error(`outcome: at most ${MAX_BALLS} paths`);
    if (!paths.every((p) => p.length === rows && /^[LR]+$/.test(p)))
      throw new Error(`outcome: one path of ${rows} L/R per ball, comma-separated`);
    return { rows, risk, paths };
  }
  const balls = Number(params.get('balls') ?? 10);
  if (!Number.isInteger(balls) || balls < 1 || balls > MAX_BALLS)
    throw new Error(`balls must be a whole number from 1 to ${MAX_BALLS}`);
  const paths = Array.from(
    { length: balls },
    (_, nonce) => plinkoOutcome({ serverSeed: 'story', clientSeed: 'story', nonce }, rows, risk).path,
  );
  return { rows, risk, paths };
}

/** The story: the scene, the outcome (paths, buckets, multipliers) and what has landed so far. */
export function plinkoStory(params: URLSearchParams) {
  const { rows, risk, paths } = plinkoStoryInput(params);
  const table = plinkoTable(rows, risk);
  const buckets = paths.map((p) => pathBits(p).reduce((a, b) => a + b, 0));
  const gapParam = params.get('gap');
  const gap = gapParam === null ? GAP_MS : Number(gapParam);
  if (!Number.isFinite(gap) || gap < 0 || gap > 1000) throw new Error('gap must be a number of ms from 0 to 1000');
  const scripts: DropScript[] = paths.map((p, i) => dropTrajectory(rows, pathBits(p), (i * 0.6180339887) % 1));
  const scene = new PlinkoScene();
  scene.muted = params.has('muted');
  scene.setBoard(rows, table);
  let landed: number[] = []; // buckets in landing order
  scene.onLand = (script) => landed.push(script.bucket);
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b).join();
  return {
    name: 'plinko' as const,
    scene,
    outcome: { rows, risk, paths, buckets, multipliers: buckets.map((b) => table[b]) },
    play(now: number): number {
      scene.setBoard(rows, table); // a replay starts from an empty board
      landed = [];
      scripts.forEach((s, i) => scene.drop(s, now + i * gap));
      return Math.max(...scripts.map((s, i) => i * gap + s.landedAt));
    },
    view: () => ({ rows, inFlight: scene.inFlight, landed: [...landed] }),
    reached: () => landed.length === paths.length && sorted(landed) === sorted(buckets),
  };
}
