// The plinko board: pegs, the bucket row (multipliers coloured from the centre out) and every ball
// in flight. Each ball replays its recorded matter-js trajectory by engine time; pegs light when
// struck, the hit bucket bounces and flashes (a paused gsap timeline per bucket, seeked by engine
// time). Peg sounds are rate-capped so 100 balls don't roar.
import { Container, Graphics, GraphicsContext, Sprite, Text, Texture } from 'pixi.js';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import { pausedTimeline, seekTimeline } from '../../engine/tween.ts';
import {
  BALL_RADIUS,
  PEG_RADIUS,
  bucketHeat,
  plinkoBoard,
  type Board,
} from '../../../shared/games/plinko/plinko.board.ts';
import type { DropScript } from '../../../shared/games/plinko/plinko.script.ts';
import { STEP_MS } from '../../../shared/games/plinko/plinko.step.ts';

const PEG_SOUND_GAP_MS = 70; // at most one peg sound per this many engine ms
const LIGHT_MS = 220; // how long a struck peg glows
const FLASH_MS = 420; // how long a hit bucket bounces and flashes

/** A ball in flight. */
interface Ball {
  script: DropScript;
  startedAt: number; // engine ms
  sprite: Sprite;
  hitsShown: number; // pegHits already applied
  landed: boolean;
}

const REST_ALPHA = 0.85; // a bucket's alpha between hits
const LABEL_MIN_PX = 11; // bucket labels stay readable on a phone…
const LABEL_MAX_PX = 14; // …and modest on a wide screen

/** A hit bucket's bounce: down 6 px and back (a sine arc), flashing from full alpha and 112 % size to rest. */
function bucketBounce(box: Container, restY: number): gsap.core.Timeline {
  const half = FLASH_MS / 2000; // s
  const from = { immediateRender: false }; // the box shows its rest state until a hit seeks it
  return pausedTimeline()
    .fromTo(box.position, { y: restY }, { y: restY + 6, duration: half, ease: 'sine.out', ...from })
    .to(box.position, { y: restY, duration: half, ease: 'sine.in' })
    .fromTo(box, { alpha: 1 }, { alpha: REST_ALPHA, duration: 2 * half, ease: 'none', ...from }, 0)
    .fromTo(box.scale, { x: 1.12, y: 1.12 }, { x: 1, y: 1, duration: 2 * half, ease: 'none', ...from }, 0);
}

/** Colour of a bucket from its heat (0 centre … 1 edge): yellow → orange → red. */
export function heatColour(heat: number): number {
  const r = 255;
  const g = Math.round(214 - 170 * heat);
  const b = Math.round(64 - 40 * heat);
  return (r << 16) | (g << 8) | b;
}

// Shared geometry: every ball and every peg glow draws from one context (no per-object tessellation).
const BALL = new GraphicsContext()
  .circle(0, 0, BALL_RADIUS)
  .fill(0xff3b6b)
  .circle(-2, -2, BALL_RADIUS / 3)
  .fill(0xffa0b8);
const GLOW = new GraphicsContext().circle(0, 0, PEG_RADIUS * 2.2).fill({ color: 0xffffff, alpha: 0.45 });

/** The plinko game's Pixi scene. */
export class PlinkoScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // vector graphics only
  private readonly boardLayer = new Container();
  private readonly pegLayer = new Graphics();
  private readonly litLayer = new Container();
  private glows: Graphics[][] = []; // glows[row][i], hidden until the peg is struck
  private readonly bucketLayer = new Container();
  private readonly ballLayer = new Container();
  private ballTexture: Texture = Texture.WHITE; // the ball, rendered once in prepare(): balls are sprites that batch
  private board: Board = plinkoBoard(16);
  private multipliers: number[] = [];
  private labels: Text[] = []; // the bucket labels, in bucket order
  private balls: Ball[] = [];
  private pegLit = new Map<Graphics, number>(); // glow → engine ms its peg was struck
  private bucketHit = new Map<number, number>(); // bucket → engine ms landed, until its bounce ended
  private bounces: gsap.core.Timeline[] = []; // per bucket: the bounce and flash of a hit
  private lastPegSound = -Infinity; // engine ms
  private now = 0; // engine ms of the last update
  private scale = 1; // px per world unit
  private width = 1; // px
  private height = 1; // px
  private changed = true; // a call redrew the board since the runner last asked (animating)
  muted = false; // tests and benches turn sounds off
  onLand: ((script: DropScript) => void) | null = null; // a ball reached its bucket

  constructor() {
    this.boardLayer.addChild(this.pegLayer, this.litLayer, this.bucketLayer, this.ballLayer);
    this.root.addChild(this.boardLayer);
    // balls come and go and glows toggle every frame: their own render groups keep those changes
    // from rebuilding the instructions of the whole board
    this.ballLayer.isRenderGroup = true;
    this.litLayer.isRenderGroup = true;
  }

  /** Renders the ball once into a texture. */
  prepare(host: PixiHost): void {
    this.ballTexture = host.app.renderer.generateTexture({ target: new Graphics(BALL), resolution: 2 });
  }

  /** Balls still falling. */
  get inFlight(): number {
    return this.balls.filter((b) => !b.landed).length;
  }

  /** Where each ball is, for tests: world units and the landed bucket. */
  view(): { rows: number; balls: { x: number; y: number; landed: boolean; bucket: number }[] } {
    return {
      rows: this.board.rows,
      balls: this.balls.map((b) => {
        const [x, y] = this.position(b, this.now);
        return { x, y, landed: b.landed, bucket: b.script.bucket };
      }),
    };
  }

  /** Shows the board for `rows` with the payout row `multipliers`. */
  setBoard(rows: number, multipliers: number[]): void {
    this.board = plinkoBoard(rows);
    this.multipliers = multipliers;
    for (const b of this.balls) b.sprite.destroy();
    this.balls = [];
    this.pegLit.clear();
    this.bucketHit.clear();
    this.layout();
    this.changed = true;
  }

  /** Adds a ball that replays `script` from engine time `startedAt`. */
  drop(script: DropScript, startedAt: number): void {
    const sprite = new Sprite(this.ballTexture);
    sprite.anchor.set(0.5);
    sprite.setSize(BALL_RADIUS * 2);
    this.ballLayer.addChild(sprite);
    const ball = { script, startedAt, sprite, hitsShown: 0, landed: false };
    this.balls.push(ball);
    this.place(ball, startedAt);
  }

  update(now: number): void {
    this.now = now;
    for (const ball of this.balls) {
      const t = now - ball.startedAt;
      const hits = ball.script.pegHits;
      while (ball.hitsShown < hits.length && hits[ball.hitsShown]!.t <= t) {
        const h = hits[ball.hitsShown++]!;
        const glow = this.glows[h.row]?.[h.index];
        if (glow) this.pegLit.set(glow, ball.startedAt + h.t);
        if (!this.muted && now - this.lastPegSound >= PEG_SOUND_GAP_MS) {
          this.lastPegSound = now;
          playSound('roll');
        }
      }
      if (!ball.landed && t >= ball.script.landedAt) {
        ball.landed = true;
        this.bucketHit.set(ball.script.bucket, ball.startedAt + ball.script.landedAt);
        if (!this.muted) playSound((this.multipliers[ball.script.bucket] ?? 0) >= 1 ? 'win' : 'lose');
        this.onLand?.(ball.script);
      }
      this.place(ball, now);
    }
    const done = this.balls.filter((b) => b.landed && now - b.startedAt - b.script.landedAt > 150);
    if (done.length) {
      for (const b of done) b.sprite.destroy();
      this.balls = this.balls.filter((b) => !done.includes(b));
    }
    this.drawLit(now);
    this.drawBuckets(now);
  }

  /** Whether the next frame differs: balls fall, pegs glow, buckets bounce, or the board was redrawn. */
  animating(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed || this.balls.length > 0 || this.pegLit.size > 0 || this.bucketHit.size > 0;
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.layout();
  }

  destroy(): void {
    for (const t of this.bounces) t.kill();
    this.root.destroy({ children: true });
  }

  private position(ball: Ball, now: number): [number, number] {
    const f = ball.script.frames;
    const last = f.length / 2 - 1;
    const at = Math.max(0, Math.min(last, (now - ball.startedAt) / STEP_MS));
    const i = Math.min(last - 1, Math.floor(at));
    const u = Math.max(0, Math.min(1, at - i));
    return [f[2 * i]! + (f[2 * i + 2]! - f[2 * i]!) * u, f[2 * i + 1]! + (f[2 * i + 3]! - f[2 * i + 1]!) * u];
  }

  private place(ball: Ball, now: number): void {
    const [x, y] = this.position(ball, now);
    ball.sprite.position.set(x, y);
    ball.sprite.alpha = ball.landed ? 0.6 : 1;
  }

  private layout(): void {
    const b = this.board;
    this.scale = Math.min(this.width / b.width, this.height / b.height);
    this.boardLayer.scale.set(this.scale);
    this.boardLayer.position.set((this.width - b.width * this.scale) / 2, (this.height - b.height * this.scale) / 2);
    const g = this.pegLayer.clear();
    // octagons: as round as circles at a peg's few pixels, a quarter of the triangles (software WebGL
    // pays for each, and a 16-row board has 168 pegs)
    for (const row of b.pegs) for (const p of row) g.regularPoly(p.x, p.y, PEG_RADIUS, 8).fill(0xe8e8f0);
    for (const child of this.litLayer.removeChildren()) child.destroy();
    this.glows = b.pegs.map((row) =>
      row.map((p) => {
        const glow = new Graphics(GLOW);
        glow.position.set(p.x, p.y);
        glow.visible = false;
        this.litLayer.addChild(glow);
        return glow;
      }),
    );
    for (const child of this.bucketLayer.removeChildren()) child.destroy({ children: true });
    this.labels = [];
    for (const t of this.bounces) t.kill();
    this.bounces = [];
    b.buckets.forEach((bucket, k) => {
      const box = new Container();
      const bg = new Graphics()
        .roundRect(-bucket.width / 2, -bucket.height / 2, bucket.width, bucket.height * 0.8, 4)
        .fill(heatColour(bucketHeat(b.rows, k)));
      const label = this.bucketLabel(this.multipliers[k], bucket.width);
      label.anchor.set(0.5);
      label.position.set(0, -bucket.height * 0.1);
      box.addChild(bg, label);
      box.position.set(bucket.x, bucket.y);
      box.alpha = REST_ALPHA;
      this.bucketLayer.addChild(box);
      this.bounces.push(bucketBounce(box, bucket.y));
    });
  }

  /**
   * A bucket's multiplier, never under LABEL_MIN_PX on screen (up to LABEL_MAX_PX where buckets are
   * wide): where "130×" is wider than the bucket the × goes, and 1000 reads "1k".
   */
  private bucketLabel(m: number | undefined, width: number): Text {
    const px = Math.max(LABEL_MIN_PX, Math.min(LABEL_MAX_PX, width * this.scale * 0.42));
    const style = {
      fill: 0x1a0d00,
      fontSize: px / this.scale,
      fontWeight: '700',
      fontFamily: 'system-ui, sans-serif',
    } as const;
    const value = m === undefined ? '' : m >= 1000 ? `${m / 1000}k` : String(m);
    const label = new Text({ text: value ? `${value}×` : '', style });
    if (label.width > width) label.text = value;
    this.labels.push(label);
    return label;
  }

  /** The bucket labels as drawn (tests: text and size in CSS px). */
  labelSizes(): { text: string; px: number }[] {
    return this.labels.map((l) => ({ text: l.text, px: Number(l.style.fontSize) * this.scale }));
  }

  private drawLit(now: number): void {
    for (const [glow, at] of this.pegLit) {
      const age = now - at;
      glow.visible = age >= 0 && age <= LIGHT_MS;
      if (glow.visible) glow.alpha = 1 - age / LIGHT_MS;
      else if (age > LIGHT_MS) this.pegLit.delete(glow);
    }
  }

  private drawBuckets(now: number): void {
    for (const [k, at] of this.bucketHit) {
      const age = now - at;
      if (age < 0) continue;
      const bounce = this.bounces[k];
      if (bounce) seekTimeline(bounce, age / 1000);
      if (age >= FLASH_MS) this.bucketHit.delete(k); // at rest: the timeline's end
    }
  }
}
