// The Crazy Wheel's Pixi scene: 54 segments drawn exactly as GET /api/wheel/config lists them
// (index 0 under the pointer at rest, clockwise), the pointer, rim lights and the winning colour's
// glow. It draws only the frame its source gives at engine time (wheel.view.ts: the page binds the
// round actor, /dev/scenes a story's) and plays the landing cues it crosses through the one sound
// store. Drawing cost (software WebGL pays for every pixel and every triangle drawn): every shape is
// a plain colour drawn with the flat shader (no texture read per pixel: engine/flat-shader.ts); the
// 54 segments are one quad each over the ring the hub leaves (drawn on a new layout or size only,
// turned by the container's rotation; the thin gaps between them are the separators), nothing is
// drawn twice under another shape, and what does not turn (rim, hub, pointer) is drawn once; the
// glow is redrawn only when it changes (a flash), and a blink of the rim lights swaps in one of their
// few patterns, each drawn once per size.
import { Container, Graphics, GraphicsContext } from 'pixi.js';
import { applyFlatShader } from '../../engine/flat-shader.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import type { WheelColor } from '../../../shared/games/wheel/wheel.layout.ts';
import { SEGMENT_ANGLE } from '../../../shared/games/wheel/wheel.script.ts';
import { wheelCues, wheelLabel, type WheelFrame } from './wheel.view.ts';

const HUB = 0.58; // the hub's radius, of the wheel's (wheel.css sizes the hub text from it)
const FACE_IN = 0.62; // where the segments begin, of the wheel's radius (a dark ring lies between them and the hub)
const RIM = 6; // px of dark rim around the segments
const SEPARATOR = 1.5; // px between two segments

/** Fill colour per wheel colour. */
export const WHEEL_FILL: Record<WheelColor, number> = { grey: 0x59606e, red: 0xe0413c, blue: 0x2f7dea, gold: 0xf2c230 };
const LIGHTS = 27;

/** The frame before any round arrived. */
const IDLE_FRAME: WheelFrame = {
  angle: 0,
  segment: 0,
  landed: false,
  glow: null,
  flash: 0,
  done: true,
  phase: 'connecting',
  roundId: null,
  result: null,
  label: wheelLabel('connecting', 0, null),
  bettingLeftMs: 0,
  landing: null,
};

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
  private view: WheelFrame = IDLE_FRAME;
  private prev: WheelFrame | null = null; // the frame before (cues)
  private now = 0;
  /** Where frames come from (the page binds the round actor; stories bind theirs). */
  source: (now: number) => WheelFrame = () => IDLE_FRAME;
  private lightsPhase = -1; // the rim lights' blink phase last drawn
  private shownPhase = -1; // … and last rendered (the lights blink every 450 ms at rest)
  private shownAngle = NaN; // the wheel's angle last rendered
  private changed = true; // a call changed the wheel since the runner last asked (animating)
  private lightsKey = ''; // what the rim lights show, last drawn
  // the rim lights' few patterns (a blink phase, a flash, the winning colour), each triangulated once
  // for the current size: a blink swaps the context instead of rebuilding 27 polygons
  private readonly lightContexts = new Map<string, GraphicsContext>();
  private lightsRadius = 0; // px, the radius those patterns were drawn at
  private readonly unlit = this.lights.context; // the lights' own (empty) context
  private renderer = ''; // the renderer's name (prepare): the flat shader is WebGL's
  private glowKey = ''; // … and the glow
  muted = false;

  constructor() {
    this.wheel.addChild(this.faces);
    this.wheel.isRenderGroup = true; // its turn is one transform for the GPU, not its vertices moved on the CPU
    this.root.addChild(this.glow, this.wheel, this.lights, this.hub, this.pointer);
  }

  /** The last drawn frame (tests read it). */
  get lastView(): WheelFrame {
    return this.view;
  }

  /** The hub's radius in CSS px (tests: the page's hub text must fit inside it). */
  get hubRadius(): number {
    return this.radius * HUB;
  }

  prepare(host: PixiHost): void {
    // every shape is a plain colour: drawn without the texture read of Pixi's graphics shader (the
    // segments and the hub cover a third of the stage, and software WebGL pays for every pixel)
    this.renderer = host.rendererName;
    applyFlatShader(
      this.renderer,
      ...[this.glow, this.faces, this.hub, this.pointer, this.lights].map((g) => g.context),
    );
    for (const context of this.lightContexts.values()) applyFlatShader(this.renderer, context);
  }

  /** Draws the layout the server publishes. */
  setLayout(segments: readonly WheelColor[]): void {
    this.segments = segments;
    this.drawFaces();
    this.changed = true;
  }

  /** Whether the next frame differs: the wheel turns, its glow flashes, its rim lights blink, or a call changed it. */
  animating(): boolean {
    const v = this.view;
    const changed = this.changed || this.lightsPhase !== this.shownPhase || v.angle !== this.shownAngle || v.flash > 0;
    this.changed = false;
    this.shownPhase = this.lightsPhase;
    this.shownAngle = v.angle;
    return changed;
  }

  update(now: number): void {
    this.now = now;
    this.view = this.source(now);
    if (!this.muted) for (const cue of wheelCues(this.prev, this.view)) playSound(cue.sound);
    this.prev = this.view;
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
    this.dropLightContexts();
  }

  private dropLightContexts(): void {
    for (const context of this.lightContexts.values()) context.destroy();
    this.lightContexts.clear();
  }

  private drawFaces(): void {
    const g = this.faces.clear();
    const r = this.radius;
    const inner = r * FACE_IN;
    const at = (radius: number, a: number) => [Math.cos(a) * radius, Math.sin(a) * radius];
    this.segments.forEach((colour, i) => {
      // segment i is centred i segments clockwise from the top (−π/2) when the wheel is at rest; a quad
      // from the inner ring to the rim (the arc's chord is within 0.3 px of it), half a separator short
      // of each edge
      const mid = -Math.PI / 2 + i * SEGMENT_ANGLE;
      const a0 = mid - SEGMENT_ANGLE / 2;
      const a1 = mid + SEGMENT_ANGLE / 2;
      const gapIn = SEPARATOR / 2 / inner;
      const gapOut = SEPARATOR / 2 / r;
      g.poly([...at(inner, a0 + gapIn), ...at(r, a0 + gapOut), ...at(r, a1 - gapOut), ...at(inner, a1 - gapIn)]).fill(
        WHEEL_FILL[colour],
      );
    });
  }

  /** What does not turn: the rim around the segments, the dark ring inside them, the hub and the pointer. */
  private drawHub(): void {
    const r = this.radius;
    // rings as strokes of many-sided polygons (short quads, within 0.3 px of the circles), not discs
    // with a hole cut (long sliver triangles) nor circles (a triangle per 2–3 px of outline): software
    // WebGL pays for every triangle
    this.hub
      .clear()
      .regularPoly(0, 0, r + RIM / 2, 64)
      .stroke({ color: 0x15161c, width: RIM })
      .regularPoly(0, 0, (r * (FACE_IN + HUB)) / 2, 48)
      .stroke({ color: 0x0b0b0f, width: r * (FACE_IN - HUB) })
      .regularPoly(0, 0, r * HUB, 48)
      .fill(0x101118)
      .stroke({ color: 0x2a2c38, width: 3 });
    const p = this.pointer.clear();
    p.poly([-14, -r - 18, 14, -r - 18, 0, -r + 16])
      .fill(0xffffff)
      .stroke({ color: 0x0b0b0f, width: 2 });
  }

  private drawGlow(): void {
    const key = `${this.view.glow}:${this.view.flash}:${this.radius}`;
    if (key === this.glowKey) return;
    this.glowKey = key;
    const g = this.glow.clear();
    if (!this.view.glow) return;
    const alpha = 0.35 + 0.45 * this.view.flash;
    // a ring (a 64-gon's stroke: short quads), not a disc: the wheel covers its middle, and software WebGL pays
    // for every blended pixel
    const width = 14 + 10 * this.view.flash;
    g.regularPoly(0, 0, this.radius + width / 2, 64).stroke({ color: WHEEL_FILL[this.view.glow], alpha, width });
  }

  private drawLights(): void {
    const r = this.radius + 1;
    const spinning = this.view.phase === 'spinning' || this.view.phase === 'landing';
    const phase = Math.floor(this.now / (spinning ? 90 : 450));
    this.lightsPhase = phase;
    const { landed, flash, glow } = this.view;
    // the pattern repeats every 2 phases once landed (all lit while the glow flashes), every 3 before
    const pattern = landed ? (flash > 0 ? -1 : phase % 2) : phase % 3;
    const key = `${landed}:${pattern}:${landed ? glow : ''}:${r}`;
    if (key === this.lightsKey) return;
    this.lightsKey = key;
    if (r !== this.lightsRadius || this.lightContexts.size >= 24) {
      this.lights.context = this.unlit; // nothing shows a cached pattern while they go
      this.dropLightContexts();
      this.lightsRadius = r;
    }
    let context = this.lightContexts.get(key);
    if (!context) {
      context = new GraphicsContext();
      applyFlatShader(this.renderer, context);
      const colour = landed && glow ? WHEEL_FILL[glow] : 0xfff3c4;
      for (let i = 0; i < LIGHTS; i++) {
        const a = (i / LIGHTS) * Math.PI * 2;
        const on = landed ? pattern === -1 || (i + pattern) % 2 === 0 : (i + pattern) % 3 === 0;
        // a 10-sided light: as round as a circle at 3 px, a third of its triangles
        context.regularPoly(Math.cos(a) * r, Math.sin(a) * r, 3.2, 10).fill({
          color: on ? colour : 0x3b3a33,
          alpha: on ? 1 : 0.8,
        });
      }
      this.lightContexts.set(key, context);
    }
    this.lights.context = context;
  }
}
