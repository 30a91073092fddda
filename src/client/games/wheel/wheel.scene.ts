// The Crazy Wheel's Pixi scene: 54 segments drawn exactly as GET /api/wheel/config lists them
// (index 0 under the pointer at rest, clockwise), the pointer, rim lights and the winning colour's
// glow. It spins freely while a round is in progress and lands by the shared script, sampling
// both by engine time only; landing cues play through the one sound store.
import { Container, Graphics } from 'pixi.js';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import type { WheelColor } from '../../../shared/games/wheel/wheel.layout.ts';
import {
  SEGMENT_ANGLE,
  freeSpinAngle,
  freeSpinSpeed,
  restAngle,
  segmentAt,
  stopOffset,
  type WheelScript,
} from '../../../shared/games/wheel/wheel.script.ts';
import { sampleWheel, type WheelView } from '../../../shared/games/wheel/wheel.sample.ts';

/** Fill colour per wheel colour. */
export const WHEEL_FILL: Record<WheelColor, number> = { grey: 0x59606e, red: 0xe0413c, blue: 0x2f7dea, gold: 0xf2c230 };
const LIGHTS = 27;

type Motion =
  | { kind: 'rest'; angle: number }
  | { kind: 'spin'; from: number; startedAt: number }
  | { kind: 'land'; script: WheelScript; startedAt: number };

/** The wheel's scene. */
export class WheelScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // vector graphics only
  private readonly glow = new Graphics();
  private readonly wheel = new Container();
  private readonly faces = new Graphics();
  private readonly lights = new Graphics();
  private readonly hub = new Graphics();
  private readonly pointer = new Graphics();
  private segments: readonly WheelColor[] = [];
  private radius = 100;
  private motion: Motion = { kind: 'rest', angle: 0 };
  private lastT = -1; // ms into the landing at the previous update (cues)
  private view: WheelView = { angle: 0, segment: 0, landed: false, glow: null, flash: 0, done: true };
  private now = 0;
  private landedFired = true;
  private lightsPhase = -1; // the rim lights' blink phase last drawn
  private shownPhase = -1; // … and last rendered (the lights blink every 450 ms at rest)
  private changed = true; // a call changed the wheel since the runner last asked (animating)
  muted = false;
  onLanded: (() => void) | null = null; // once per landing, when the wheel stops on the segment

  constructor() {
    this.wheel.addChild(this.faces);
    this.root.addChild(this.glow, this.wheel, this.lights, this.hub, this.pointer);
  }

  /** The last drawn view (tests read it). */
  get lastView(): WheelView {
    return this.view;
  }

  /** The angle and speed now (where a landing starts). */
  motionNow(): { angle: number; speed: number } {
    const m = this.motion;
    if (m.kind === 'spin')
      return { angle: freeSpinAngle(m.from, this.now - m.startedAt), speed: freeSpinSpeed(this.now - m.startedAt) };
    return { angle: this.view.angle, speed: 0 };
  }

  /** Draws the layout the server publishes. */
  setLayout(segments: readonly WheelColor[]): void {
    this.segments = segments;
    this.drawFaces();
    this.changed = true;
  }

  /** Starts the free spin from where the wheel is, at engine time `startedAt`. */
  spin(startedAt: number): void {
    this.motion = { kind: 'spin', from: this.view.angle, startedAt };
  }

  /** Lands by a script from engine time `startedAt`. */
  land(script: WheelScript, startedAt: number): void {
    this.motion = { kind: 'land', script, startedAt };
    this.lastT = -1;
    this.landedFired = false;
  }

  /**
   * Ends a landing that is still travelling at once (on the stop angle, firing onLanded). The landing
   * runs on engine time, which falls behind real time when frames are slow (the ticker counts at most
   * 100 ms a frame): the next round's status must never find the last one still spinning.
   */
  settle(): void {
    const m = this.motion;
    if (m.kind !== 'land' || this.landedFired) return;
    this.motion = { ...m, startedAt: Math.min(m.startedAt, this.now - m.script.travelMs) };
    this.update(this.now);
  }

  /** Shows a round's result at rest (a page that joined after the spin). */
  rest(segment: number, roundId: number): void {
    this.motion = { kind: 'rest', angle: restAngle(segment, stopOffset(roundId)) };
    this.changed = true;
  }

  /** Whether the next frame differs: the wheel spins or lands, its rim lights blink, or a call changed it. */
  animating(): boolean {
    const changed = this.changed || this.lightsPhase !== this.shownPhase;
    this.changed = false;
    this.shownPhase = this.lightsPhase;
    return changed || this.motion.kind === 'spin' || (this.motion.kind === 'land' && !this.view.done);
  }

  update(now: number): void {
    this.now = now;
    const m = this.motion;
    if (m.kind === 'land') {
      const t = now - m.startedAt;
      if (!this.muted) for (const cue of m.script.cues) if (cue.t > this.lastT && cue.t <= t) playSound(cue.sound);
      this.lastT = t;
      this.view = sampleWheel(m.script, t);
      if (this.view.landed && !this.landedFired) {
        this.landedFired = true;
        this.onLanded?.();
      }
    } else {
      const angle = m.kind === 'spin' ? freeSpinAngle(m.from, now - m.startedAt) : m.angle;
      this.view = { angle, segment: segmentAt(angle), landed: false, glow: null, flash: 0, done: m.kind === 'rest' };
    }
    this.wheel.rotation = this.view.angle;
    this.drawGlow();
    this.drawLights();
  }

  resize(width: number, height: number): void {
    this.radius = Math.max(60, Math.min(width, height) / 2 - 24);
    for (const c of [this.glow, this.wheel, this.lights, this.hub, this.pointer]) c.position.set(width / 2, height / 2);
    this.drawFaces();
    this.drawHub();
    this.update(this.now);
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }

  private drawFaces(): void {
    const g = this.faces.clear();
    const r = this.radius;
    g.circle(0, 0, r + 6).fill(0x15161c);
    this.segments.forEach((colour, i) => {
      // segment i is centred i segments clockwise from the top (−π/2) when the wheel is at rest
      const mid = -Math.PI / 2 + i * SEGMENT_ANGLE;
      const a0 = mid - SEGMENT_ANGLE / 2;
      const a1 = mid + SEGMENT_ANGLE / 2;
      g.moveTo(0, 0).arc(0, 0, r, a0, a1).lineTo(0, 0).fill(WHEEL_FILL[colour]);
      g.moveTo(0, 0)
        .lineTo(Math.cos(a0) * r, Math.sin(a0) * r)
        .stroke({ color: 0x0b0b0f, width: 1.5 });
    });
    g.circle(0, 0, r * 0.62).fill(0x0b0b0f);
  }

  private drawHub(): void {
    const r = this.radius;
    this.hub
      .clear()
      .circle(0, 0, r * 0.58)
      .fill(0x101118)
      .stroke({ color: 0x2a2c38, width: 3 });
    const p = this.pointer.clear();
    p.poly([-14, -r - 18, 14, -r - 18, 0, -r + 16])
      .fill(0xffffff)
      .stroke({ color: 0x0b0b0f, width: 2 });
  }

  private drawGlow(): void {
    const g = this.glow.clear();
    if (!this.view.glow) return;
    const alpha = 0.35 + 0.45 * this.view.flash;
    g.circle(0, 0, this.radius + 14 + 10 * this.view.flash).fill({ color: WHEEL_FILL[this.view.glow], alpha });
  }

  private drawLights(): void {
    const g = this.lights.clear();
    const r = this.radius + 1;
    const spinning = this.motion.kind !== 'rest' && !this.view.landed;
    const phase = Math.floor(this.now / (spinning ? 90 : 450));
    this.lightsPhase = phase;
    for (let i = 0; i < LIGHTS; i++) {
      const a = (i / LIGHTS) * Math.PI * 2;
      const on = this.view.landed ? this.view.flash > 0 || (i + phase) % 2 === 0 : (i + phase) % 3 === 0;
      const colour = this.view.landed && this.view.glow ? WHEEL_FILL[this.view.glow] : 0xfff3c4;
      g.circle(Math.cos(a) * r, Math.sin(a) * r, 3.2).fill({ color: on ? colour : 0x3b3a33, alpha: on ? 1 : 0.8 });
    }
  }
}
