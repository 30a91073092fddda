// The Rocket scene: a parallax star field, the plot with axes that rescale as the curve rises, the
// rocket riding the curve's end with its exhaust (a GLSL shader), the multiplier in large type, a
// countdown bar while bets are open, the explosion with "Crashed @ x" on the bust, and a dot on the
// curve for each player's cash-out once the curve has passed it (`markers`, from the page). It draws
// only what sampleCrash says for the frame its source gives at engine time, and plays the cues.
// Drawing cost (software WebGL pays for every pixel and triangle): a layer is rebuilt only when what
// it shows changes, the plain-coloured ones draw with the flat shader (engine/flat-shader.ts), and at
// rest on a bust the scene says it is not animating, so the host renders no frame.
import { BitmapText, Container, Graphics, Text } from 'pixi.js';
import { applyFlatShader } from '../../engine/flat-shader.ts';
import { installTrimmedFont } from '../../engine/trimmed-font.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import {
  crashCues,
  curvePoints,
  explosionDebris,
  sampleCrash,
  type CrashAxis,
  type CrashFrame,
  type CrashView,
} from '../../../shared/games/crash/crash.sample.ts';
import { crashMultiplierAt } from '../../../shared/games/crash/crash.curve.ts';
import { applyExhaustShader, type Exhaust } from './rocket-exhaust.ts';
import { reachedMarkers, type CashOutMarker } from './crash-frame.ts';

const GRID = 0x24263f;
const LABEL = 0x7d80a8;
const CURVE = 0x8b5cf6;
const CRASHED = 0xff4d6d;
const WIN = 0x2bd67b;
const PAD = { left: 52, right: 28, top: 28, bottom: 34 };
const CURVE_STEP_PX = 8; // the curve's longest straight step on screen (a full desktop plot's are ~18)
/** The exhaust's flame: layered triangles behind the hull (base width, alpha, share of the length),
 * outermost first; where they overlap the heat is their alphas combined. */
const FLAME = [
  { width: 16, alpha: 0.35, length: 1 },
  { width: 11, alpha: 0.65, length: 0.75 },
  { width: 6, alpha: 1, length: 0.5 },
];
/** The big label's bitmap font: its glyphs rendered at 100 px (as Pixi's own for the style would be), cut to their ink. */
const BIG_FONT = 'crash-label';
const BIG_FONT_STYLE = {
  fill: 0xffffff,
  fontSize: 100,
  fontWeight: '800',
  fontFamily: 'system-ui, sans-serif',
} as const;
const BIG_FONT_CHARS = '0123456789.×s @CrashedWaitng…'; // every label sampleCrash makes
const STAR_LAYERS = [
  { count: 60, size: 1, alpha: 0.35, speed: 12 },
  { count: 34, size: 1.6, alpha: 0.55, speed: 30 },
  { count: 14, size: 2.2, alpha: 0.85, speed: 70 },
];

/** The frame before any round arrived. */
const IDLE_FRAME: CrashFrame = {
  status: 'new',
  roundId: null,
  elapsedMs: 0,
  bettingLeftMs: 0,
  bettingTotalMs: 5000,
  crashPoint: null,
  sinceStatusMs: 0,
};

/** The Rocket game's Pixi scene. */
export class CrashScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // vector graphics and generated text: nothing to load
  private readonly stars = STAR_LAYERS.map(() => new Graphics());
  private readonly grid = new Graphics();
  private readonly labels = new Container();
  private readonly curve = new Graphics();
  private readonly rocket = new Container();
  private readonly trail = new Graphics();
  private readonly body = new Graphics();
  private readonly debris = new Graphics();
  private readonly bar = new Graphics();
  private readonly marks = new Graphics();
  private readonly big = new BitmapText({ text: '', style: { fontFamily: BIG_FONT, fontSize: 72 } });
  private readonly small = new Text({
    text: '',
    style: { fill: 0xb8bad8, fontSize: 18, fontFamily: 'system-ui, sans-serif' },
  });
  private exhaust: Exhaust | null = null;
  private width = 1;
  private height = 1;
  private starShift = 0; // px the star field has moved
  private lastNow = 0;
  private prev: CrashFrame | null = null;
  private view: CrashView | null = null;
  private tickKey = ''; // the axis ticks the labels show
  // what each layer was last drawn for: a frame redraws only the layers whose key changed (software
  // WebGL and the CPU pay for every rebuilt shape, and at rest nothing changes)
  private readonly drawn = { grid: '', curve: '', marks: '', trail: '', debris: '', bar: '' };
  private changed = true; // the picture changed since the runner last asked (animating)
  /** Where frames come from (the page binds the round actor; benches bind a demo). */
  source: (now: number) => CrashFrame = () => IDLE_FRAME;
  /** The round's cash-outs (the page sets them from the players list; each frame draws those the curve reached). */
  markers: readonly CashOutMarker[] = [];
  private shownMarkers: CashOutMarker[] = [];
  muted = false;

  constructor() {
    this.big.anchor.set(0.5);
    this.small.anchor.set(0.5);
    this.rocket.addChild(this.trail, this.body);
    this.root.addChild(
      ...this.stars,
      this.grid,
      this.labels,
      this.curve,
      this.marks,
      this.rocket,
      this.debris,
      this.bar,
    );
    this.root.addChild(this.big, this.small);
    this.drawBody();
  }

  /** The last drawn view (tests and the debug hook read it). */
  get lastView(): CrashView | null {
    return this.view;
  }

  /** The cash-out markers of the last drawn frame. */
  get lastMarkers(): readonly CashOutMarker[] {
    return this.shownMarkers;
  }

  prepare(host: PixiHost): void {
    // plain-coloured layers without the texture read of Pixi's graphics shader (the curve's fill alone
    // covers a third of the plot, and software WebGL pays for every pixel of it every frame)
    const plain = [...this.stars, this.grid, this.curve, this.marks, this.debris, this.bar];
    applyFlatShader(host.rendererName, ...plain.map((g) => g.context));
    // the multiplier is the largest textured thing drawn every frame of a flight: quads cut to the ink
    installTrimmedFont(BIG_FONT, BIG_FONT_STYLE, BIG_FONT_CHARS);
    this.exhaust = applyExhaustShader(host.rendererName, this.trail.context);
    if (!this.exhaust) this.trail.tint = 0xff8a3d; // another renderer draws the trail in plain colour
  }

  /** Whether the next frame differs: the stars drift, the rocket flies (its exhaust flickers), or a layer,
   * a text or the size changed. At rest on a bust (stars still, rocket gone, explosion over) it does not. */
  animating(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }

  update(now: number): void {
    const dt = Math.max(0, now - this.lastNow);
    this.lastNow = now;
    const frame = this.source(now);
    if (!this.muted) for (const cue of crashCues(this.prev, frame)) playSound(cue);
    this.prev = frame;
    const v = sampleCrash(frame);
    this.view = v;
    if (v.speed > 0 && dt > 0) {
      this.starShift += (dt / 1000) * v.speed;
      this.changed = true;
    }
    this.drawStars();
    this.drawAxes(v.axis);
    this.drawCurve(v);
    this.drawMarkers(v);
    this.drawRocket(v, now);
    this.drawExplosion(v);
    this.drawTexts(v);
    this.drawBar(v);
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.seedStars();
    this.tickKey = '';
    this.changed = true;
    for (const k of Object.keys(this.drawn) as (keyof typeof this.drawn)[]) this.drawn[k] = '';
    this.update(this.lastNow);
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }

  private x(ms: number, axis: CrashAxis): number {
    return PAD.left + ((this.width - PAD.left - PAD.right) * ms) / axis.maxMs;
  }

  private y(mult: number, axis: CrashAxis): number {
    const h = this.height - PAD.top - PAD.bottom;
    return this.height - PAD.bottom - (h * (mult - 1)) / (axis.maxMult - 1);
  }

  private seedStars(): void {
    STAR_LAYERS.forEach((layer, i) => {
      const g = this.stars[i]!.clear();
      for (let k = 0; k < layer.count; k++) {
        // the same sky at every size: positions from the index, not Math.random
        const sx = ((k * 0.754877 + i * 0.31) % 1) * this.width;
        const sy = ((k * 0.56984 + i * 0.17) % 1) * this.height;
        // squares, not circles: a 2–4 px star looks the same, and a circle is ~20 triangles (software
        // WebGL pays for each: 216 circles cost a frame as much as the whole dice scene)
        const d = layer.size * 2;
        g.rect(sx - layer.size, sy - layer.size, d, d).rect(sx + this.width - layer.size, sy - layer.size, d, d);
      }
      g.fill({ color: 0xffffff, alpha: layer.alpha });
    });
  }

  private drawStars(): void {
    STAR_LAYERS.forEach((layer, i) => {
      const shift = (this.starShift * layer.speed) % Math.max(1, this.width);
      this.stars[i]!.position.set(-shift, (shift * 0.35) % Math.max(1, this.height));
    });
  }

  /** Whether a layer must be redrawn for `key` (and records it). */
  private stale(layer: keyof CrashScene['drawn'], key: string): boolean {
    if (this.drawn[layer] === key) return false;
    this.drawn[layer] = key;
    this.changed = true;
    return true;
  }

  private drawAxes(axis: CrashAxis): void {
    const key = `${axis.maxMs}|${axis.maxMult}|${axis.xTicks.join()}|${axis.yTicks.join()}`;
    if (!this.stale('grid', key)) return;
    const g = this.grid.clear();
    const bottom = this.height - PAD.bottom;
    g.moveTo(PAD.left, PAD.top)
      .lineTo(PAD.left, bottom)
      .lineTo(this.width - PAD.right, bottom);
    for (const t of axis.xTicks) g.moveTo(this.x(t, axis), bottom).lineTo(this.x(t, axis), PAD.top);
    for (const m of axis.yTicks) g.moveTo(PAD.left, this.y(m, axis)).lineTo(this.width - PAD.right, this.y(m, axis));
    g.stroke({ color: GRID, width: 1 });
    const ticks = `${axis.xTicks.join()}|${axis.yTicks.join()}`;
    if (ticks !== this.tickKey) {
      this.tickKey = ticks;
      for (const child of this.labels.removeChildren()) child.destroy();
      for (const t of axis.xTicks) this.labels.addChild(this.tickLabel(`${Math.round(t / 1000)}s`, 0.5, 0));
      for (const m of axis.yTicks) this.labels.addChild(this.tickLabel(`${m.toFixed(m < 10 ? 1 : 0)}×`, 1, 0.5));
    }
    const kids = this.labels.children;
    axis.xTicks.forEach((t, i) => kids[i]?.position.set(this.x(t, axis), bottom + 8));
    axis.yTicks.forEach((m, i) => kids[axis.xTicks.length + i]?.position.set(PAD.left - 8, this.y(m, axis)));
  }

  private tickLabel(text: string, ax: number, ay: number): Text {
    const label = new Text({ text, style: { fill: LABEL, fontSize: 12, fontFamily: 'system-ui, sans-serif' } });
    label.anchor.set(ax, ay);
    return label;
  }

  private drawCurve(v: CrashView): void {
    const flown = v.phase === 'flying' || v.phase === 'crashed';
    if (!this.stale('curve', flown ? `${v.phase}|${v.elapsedMs}|${v.axis.maxMs}|${v.axis.maxMult}` : '-')) return;
    const g = this.curve.clear();
    if (!flown) return;
    // a step every CURVE_STEP_PX of the curve's span, at most 48 (a full plot's): early in a flight the
    // curve is a few pixels long, and 48 steps piled 240 triangles onto them, each one paid for
    const span = Math.hypot(
      this.x(v.elapsedMs, v.axis) - this.x(0, v.axis),
      this.y(crashMultiplierAt(v.elapsedMs), v.axis) - this.y(1, v.axis),
    );
    const steps = Math.min(48, Math.max(1, Math.ceil(span / CURVE_STEP_PX)));
    const pts = curvePoints(v.elapsedMs, steps).map(([t, m]) => [this.x(t, v.axis), this.y(m, v.axis)] as const);
    const bottom = this.height - PAD.bottom;
    const colour = v.phase === 'crashed' ? CRASHED : CURVE;
    // the area under the curve as one upright strip per step (two triangles each), not one polygon:
    // triangulated whole it is a fan of slivers as long as the plot, and software WebGL pays per edge
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0] = pts[i - 1]!;
      const [x1, y1] = pts[i]!;
      g.poly([x0, bottom, x0, y0, x1, y1, x1, bottom]);
    }
    g.fill({ color: colour, alpha: 0.12 });
    g.moveTo(pts[0]![0], pts[0]![1]);
    for (const [px, py] of pts) g.lineTo(px, py);
    // miter joins: the curve turns by a few degrees at most at a point, where a round join adds a fan of triangles
    g.stroke({ color: colour, width: 4, cap: 'round', join: 'miter' });
  }

  private drawMarkers(v: CrashView): void {
    const flown = v.phase === 'flying' || v.phase === 'crashed';
    this.shownMarkers = flown ? reachedMarkers(this.markers, v.elapsedMs) : [];
    const key = `${v.axis.maxMs}|${v.axis.maxMult}|${this.shownMarkers.map((m) => m.atMs).join()}`;
    if (!this.stale('marks', key)) return;
    const g = this.marks.clear();
    for (const m of this.shownMarkers) {
      const px = this.x(m.atMs, v.axis);
      const py = this.y(crashMultiplierAt(m.atMs), v.axis);
      g.circle(px, py, 5).fill(WIN).circle(px, py, 5).stroke({ color: 0x0b0d1a, width: 2 });
    }
  }

  private drawRocket(v: CrashView, now: number): void {
    const flying = v.phase === 'flying' || v.phase === 'launch' || v.phase === 'countdown';
    const visible = flying || (v.phase === 'crashed' && v.explosion < 0.15);
    if (visible !== this.rocket.visible) this.changed = true;
    this.rocket.visible = visible;
    if (!visible) return;
    this.changed = true; // its exhaust flickers with time
    const t = v.elapsedMs;
    const px = this.x(t, v.axis);
    const py = this.y(crashMultiplierAt(t), v.axis);
    // the slope on screen, from a point a little earlier on the curve
    const back = Math.max(0, t - 400);
    const angle =
      t > 0 ? Math.atan2(py - this.y(crashMultiplierAt(back), v.axis), px - this.x(back, v.axis)) : -Math.PI / 8;
    this.rocket.position.set(px, py);
    this.rocket.rotation = angle;
    const scale = Math.min(1.2, Math.max(0.7, this.width / 900));
    this.rocket.scale.set(scale);
    const burn = v.phase === 'flying' ? 1 : v.phase === 'launch' ? 0.6 : 0.25;
    const length = 34 + 46 * burn + 24 * Math.min(1, v.speed / 6);
    if (this.stale('trail', length.toFixed(1))) {
      // each region between one layer's triangle and the next one's, at the heat of the layers over
      // it: the exhaust shader colours a pixel from that heat, so no layer is drawn over another
      const g = this.trail.clear();
      let cool = 1; // the part of the light no layer so far has covered
      FLAME.forEach((layer, i) => {
        cool *= 1 - layer.alpha;
        const inner = FLAME[i + 1];
        const w = layer.width / 2;
        const region = [-18, -w, -18 - length * layer.length, 0, -18, w];
        if (inner) region.push(-18, inner.width / 2, -18 - length * inner.length, 0, -18, -inner.width / 2);
        g.poly(region).fill({ color: 0xffffff, alpha: 1 - cool });
      });
    }
    if (this.exhaust) {
      this.exhaust.time = now / 1000;
      this.exhaust.power = 0.6 + burn * 0.8;
    }
  }

  private drawBody(): void {
    const g = this.body.clear();
    g.roundRect(-20, -9, 34, 18, 8).fill(0xe8e9f5); // hull
    g.poly([14, -9, 30, 0, 14, 9]).fill(0xff4d6d); // nose
    g.poly([-18, -9, -26, -18, -8, -9]).fill(0x8b5cf6); // fins
    g.poly([-18, 9, -26, 18, -8, 9]).fill(0x8b5cf6);
    g.circle(4, 0, 4.5).fill(0x3b82f6).circle(4, 0, 4.5).stroke({ color: 0x1e2140, width: 1.5 }); // window
  }

  private drawExplosion(v: CrashView): void {
    const live = v.phase === 'crashed' && v.explosion < 1;
    if (
      !this.stale(
        'debris',
        live ? `${v.explosion}|${v.elapsedMs}|${v.multiplier}|${v.axis.maxMs}|${v.axis.maxMult}` : '-',
      )
    )
      return;
    const g = this.debris.clear();
    if (!live) return;
    const cx = this.x(v.elapsedMs, v.axis);
    const cy = this.y(v.multiplier, v.axis);
    const radius = Math.min(this.width, this.height) * 0.22;
    const flash = 1 - v.explosion;
    g.circle(cx, cy, radius * 0.35 * (0.4 + v.explosion)).fill({ color: 0xffc857, alpha: 0.45 * flash * flash });
    for (const [dx, dy, size, alpha] of explosionDebris(v.explosion))
      g.circle(cx + dx * radius, cy + dy * radius, Math.max(0.5, size * radius)).fill({
        color: alpha > 0.5 ? 0xffb03b : CRASHED,
        alpha,
      });
  }

  private drawTexts(v: CrashView): void {
    if (this.big.text !== v.label) {
      this.big.text = v.label;
      this.changed = true;
    }
    // "Crashed @ 12.34×" is three times as long as a multiplier: at 0.6 of the size it stays as wide
    // as the flying multiplier (software WebGL pays for every pixel of the glyphs, every frame at rest)
    const size = Math.max(34, Math.min(84, this.width * 0.085)) * (v.phase === 'crashed' ? 0.6 : 1);
    this.big.scale.set(size / 72);
    const tint = v.phase === 'crashed' ? CRASHED : v.phase === 'flying' && v.multiplier >= 2 ? WIN : 0xffffff;
    if (tint !== this.big.tint) this.changed = true;
    this.big.tint = tint;
    this.big.position.set(this.width / 2, this.height * 0.36);
    if (this.small.text !== v.sublabel) {
      this.small.text = v.sublabel;
      this.changed = true;
    }
    // below the big label with a gap that holds at a phone's sizes too (at 0.75 × size alone a phone's
    // "Crashed @ 2.09×" touched "Next round soon")
    this.small.position.set(this.width / 2, this.height * 0.36 + Math.max(size * 0.75, size * 0.5 + 16));
  }

  private drawBar(v: CrashView): void {
    if (!this.stale('bar', v.phase === 'countdown' ? String(v.countdown) : '-')) return;
    const g = this.bar.clear();
    if (v.phase !== 'countdown') return;
    const w = Math.min(360, this.width * 0.6);
    const x = (this.width - w) / 2;
    const y = this.height * 0.36 + Math.max(34, Math.min(84, this.width * 0.085)) * 1.3;
    g.roundRect(x, y, w, 8, 4).fill(0x24263f);
    g.roundRect(x, y, Math.max(8, w * v.countdown), 8, 4).fill(0xf59e0b);
  }
}
