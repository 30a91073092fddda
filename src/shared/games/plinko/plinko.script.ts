// A drop's trajectory, computed once when the server answers: matter-js at a fixed delta with the
// board's pegs, walls and bucket sensors as bodies, and the ball steered by small velocity nudges
// toward the side of each peg its path bit names, so it strikes that peg, is deflected that way,
// and lands in the server's bucket every time. Positions are only ever integrated by matter (no
// teleport); the scene samples the recorded frames by engine time.
import Matter from 'matter-js';
import { BALL_RADIUS, PEG_RADIUS, pegOnPath, plinkoBoard, type Board } from './plinko.board.ts';
import { STEP_MS } from './plinko.step.ts';

export { STEP_MS };
const MAX_STEPS = 60 * 20; // a drop that has not landed in 20 s is a bug (the tests count them)
const CONTACT = BALL_RADIUS + PEG_RADIUS;
const MAX_NUDGE = 2; // largest velocity change the steering applies in one step, units/step
const GRAVITY_SCALE = 0.0022; // matter's gravity.scale: the ball crosses a 16-row board in ≈ 2.3 s
const GRAVITY = GRAVITY_SCALE * STEP_MS * STEP_MS; // units/step² (matter: gravity.y × gravity.scale × delta²)

/** A peg struck during a drop. */
export interface PegHit {
  t: number; // ms after the drop starts
  row: number;
  index: number;
}

/** The recorded drop. */
export interface DropScript {
  rows: number;
  bucket: number; // where it landed (the server's bucket)
  frames: Float32Array; // x, y per step, world units; frame i is at i × STEP_MS
  pegHits: PegHit[];
  landedAt: number; // ms after the drop starts
}

interface World {
  engine: Matter.Engine;
  board: Board;
}

const worlds = new Map<number, World>(); // one per row count, reused: only the ball is added and removed

function worldFor(rows: number): World {
  let world = worlds.get(rows);
  if (!world) worlds.set(rows, (world = buildWorld(plinkoBoard(rows))));
  return world;
}

function buildWorld(board: Board): World {
  const engine = Matter.Engine.create({
    gravity: { x: 0, y: 1, scale: GRAVITY_SCALE },
    positionIterations: 3,
    velocityIterations: 2,
  });
  const bodies: Matter.Body[] = [];
  // one static compound body per peg row: the broadphase then sorts rows, not every peg
  board.pegs.forEach((row, r) => {
    const parts = row.map((p, i) => Matter.Bodies.circle(p.x, p.y, PEG_RADIUS, { label: `peg:${r}:${i}` }));
    bodies.push(Matter.Body.create({ parts, isStatic: true, restitution: 0.5, friction: 0, label: `row:${r}` }));
  });
  for (const x of [0, board.width])
    bodies.push(Matter.Bodies.rectangle(x, board.height / 2, 8, board.height * 2, { isStatic: true, label: 'wall' }));
  board.buckets.forEach((b, k) =>
    bodies.push(
      Matter.Bodies.rectangle(b.x, b.y, b.width, b.height, { isStatic: true, isSensor: true, label: `bucket:${k}` }),
    ),
  );
  Matter.Composite.add(engine.world, bodies);
  return { engine, board };
}

/** A tiny deterministic generator for the look of a drop (never the outcome). */
function variety(seed: number): () => number {
  let s = Math.floor(seed * 2 ** 31) | 1;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

/** Steps until the ball meets y = `y` from height `dy` above it at vertical speed `vy` (≥ 1). */
function stepsToFall(dy: number, vy: number): number {
  if (dy <= 0) return 1;
  return Math.max(1, (-vy + Math.sqrt(vy * vy + 2 * GRAVITY * dy)) / GRAVITY);
}

/**
 * Simulates one drop following `bits` (0 left, 1 right per row) on a board of `rows` rows.
 * `look` in [0, 1) varies the start and the bounces (pass something derived from the bet, e.g. its nonce).
 */
export function dropTrajectory(rows: number, bits: readonly number[], look = 0.5): DropScript {
  const { engine, board } = worldFor(rows);
  const rand = variety(look);
  const start = board.pegs[0]![1]!;
  const ball = Matter.Bodies.circle(start.x + (rand() - 0.5) * PEG_GAP_FRACTION, board.dropY, BALL_RADIUS, {
    restitution: 0.25 + rand() * 0.1,
    friction: 0,
    frictionAir: 0.01,
    collisionFilter: { group: -1 }, // balls never collide with each other
    label: 'ball',
  });
  Matter.Composite.add(engine.world, ball);
  const aims = bits.map(() => 0.25 + rand() * 0.2); // contact offsets, × CONTACT, toward the bit's side
  const frames: number[] = [];
  const pegHits: PegHit[] = [];
  let row = 0; // next row to strike
  let bucket = -1;
  let step = 0;
  const onCollision = (e: Matter.IEventCollision<Matter.Engine>) => {
    for (const pair of e.pairs) {
      const other = pair.bodyA === ball ? pair.bodyB : pair.bodyB === ball ? pair.bodyA : null;
      if (!other) continue;
      const [kind, a, b] = other.label.split(':');
      if (kind === 'peg') {
        pegHits.push({ t: (step + 1) * STEP_MS, row: Number(a), index: Number(b) });
        if (Number(a) === row) row++;
      } else if (kind === 'bucket' && bucket < 0) bucket = Number(a);
    }
  };
  Matter.Events.on(engine, 'collisionStart', onCollision);
  for (; step < MAX_STEPS && bucket < 0; step++) {
    frames.push(ball.position.x, ball.position.y);
    while (row < rows && ball.position.y > board.pegs[row]![0]!.y) row++; // passed without touching
    let aimX: number;
    let aimY: number;
    if (row < rows) {
      const peg = pegOnPath(board, bits, row);
      aimX = peg.x + (bits[row] ? 1 : -1) * aims[row]! * CONTACT;
      aimY = peg.y - CONTACT * 0.9;
    } else {
      const target = board.buckets[bits.reduce((a, b) => a + b, 0)]!;
      aimX = target.x;
      aimY = board.bucketTop + BALL_RADIUS;
    }
    const v = ball.velocity;
    const want = (aimX - ball.position.x) / stepsToFall(aimY - ball.position.y, v.y);
    const nudge = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, want - v.x));
    Matter.Body.setVelocity(ball, { x: v.x + nudge, y: v.y });
    Matter.Engine.update(engine, STEP_MS);
  }
  frames.push(ball.position.x, ball.position.y);
  Matter.Events.off(engine, 'collisionStart', onCollision);
  Matter.Composite.remove(engine.world, ball);
  Matter.Engine.update(engine, 0); // drop the ball's contact pairs before the next drop reuses the world
  return { rows, bucket, frames: Float32Array.from(frames), pegHits, landedAt: step * STEP_MS };
}

const PEG_GAP_FRACTION = 6; // start spread, world units
