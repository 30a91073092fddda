// The dice scene: a 0–100 track with the win zone, tick labels and a marker that flies to the
// roll. It only samples the shared script by engine time; sounds fire on the script's cues.
// A frame only moves, tints and scales display objects built at resize: the marker's shapes are
// drawn once in white (tinted per frame), its number is a BitmapText (no canvas text re-layout
// or texture upload per frame), and sampling writes into one kept view (no per-frame objects).
import { BitmapFont, BitmapText, Cache, Container, Graphics, Text } from 'pixi.js';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import type { DiceDirection } from '../../../shared/fair/index.ts';
import type { DiceScript } from '../../../shared/games/dice/dice.script.ts';
import { blankDiceView, sampleDiceInto, type DiceView } from '../../../shared/games/dice/dice.sample.ts';

const WIN = 0x2bd67b;
const LOSE = 0xff4d6d;
const IDLE = 0x3a3c6e;
const FONT = 'dice-marker'; // the marker's bitmap font: digits and the point, rasterised once

/** Installs the marker's bitmap font once per page (glyphs at 2× for high-density screens). Called
 * before the first draw, not at construction: it needs a canvas, which jsdom tests lack. */
function installMarkerFont(): void {
  if (!Cache.has(`${FONT}-bitmap`))
    BitmapFont.install({
      name: FONT,
      style: { fill: 0xffffff, fontSize: 22, fontWeight: '700', fontFamily: 'system-ui, sans-serif' },
      chars: '0123456789.',
      resolution: 2,
    });
}

/** The dice game's Pixi scene. */
export class DiceScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // drawn with vector graphics: nothing to load
  private readonly track = new Graphics();
  private readonly ticks = new Container();
  private readonly marker = new Container();
  private readonly markerGlow = new Graphics(); // the result flash, drawn at full strength, scaled per frame
  private readonly markerBody = new Graphics(); // white, tinted with the marker's colour
  private readonly markerText = new BitmapText({ text: '50.00', style: { fontFamily: FONT, fontSize: 22 } });
  private width = 1; // px
  private height = 1; // px
  private size = 56; // px, marker height (from the width)
  private target = 50.5; // current bet target
  private direction: DiceDirection = 'over';
  private drawn = ''; // width, height, target and direction the track was drawn for
  private script: DiceScript | null = null; // the roll being shown
  private startedAt = 0; // engine ms the script started
  private lastT = -1; // ms into the script at the previous update (cue firing)
  private rest = 50; // where the marker sits between rolls
  private readonly sample: DiceView = blankDiceView(); // sampled into every frame
  private view: DiceView | null = null; // last applied sample (this.sample once a roll played)
  private still = false; // the marker shows its final state: frames change nothing until play/resize
  private changed = true; // a call redrew something since the runner last asked (animating)
  muted = false; // tests and benches turn cue sounds off

  constructor() {
    this.marker.addChild(this.markerGlow, this.markerBody, this.markerText);
    this.markerText.anchor.set(0.5);
    this.root.addChild(this.track, this.ticks, this.marker);
  }

  /** Where the next roll's marker starts. */
  get restingMarker(): number {
    return this.rest;
  }

  /** The last drawn view (tests read it). */
  get lastView(): DiceView | null {
    return this.view;
  }

  /** Redraws the zones for a target and direction. */
  setBet(target: number, direction: DiceDirection): void {
    this.target = target;
    this.direction = direction;
    this.drawTrack();
  }

  /** Starts showing a roll from engine time `startedAt`. */
  play(script: DiceScript, startedAt: number): void {
    this.script = script;
    this.startedAt = startedAt;
    this.lastT = -1;
    this.still = false;
    this.setBet(script.outcome.target, script.outcome.direction);
  }

  update(now: number): void {
    if (this.still) return;
    if (!this.script) {
      this.placeMarker(this.rest, null, 0, this.rest.toFixed(2));
      this.still = true;
      return;
    }
    const t = now - this.startedAt;
    if (!this.muted) for (const cue of this.script.cues) if (cue.t > this.lastT && cue.t <= t) playSound(cue.sound);
    this.lastT = t;
    const v = sampleDiceInto(this.script, t, this.sample);
    this.view = v;
    this.placeMarker(v.marker, v.win, v.flash, v.label);
    if (v.done) {
      this.rest = v.marker;
      this.still = true;
    }
  }

  /** Whether the next frame differs: the marker moves, or the track was redrawn. */
  animating(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed || !this.still;
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.size = Math.min(84, Math.max(56, width * 0.08));
    this.drawTrack();
    this.drawTicks();
    this.drawMarker();
    this.still = false;
    this.update(this.startedAt + (this.lastT < 0 ? 0 : this.lastT));
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }

  private x(value: number): number {
    const pad = Math.max(48, this.width * 0.07); // room for the marker at 0 and 100
    return pad + ((this.width - 2 * pad) * value) / 100;
  }

  private get trackY(): number {
    return this.height * 0.62;
  }

  private drawTrack(): void {
    const key = `${this.width} ${this.height} ${this.target} ${this.direction}`;
    if (key === this.drawn) return; // each roll re-sends the bet: redraw only what changed
    this.drawn = key;
    this.changed = true;
    const y = this.trackY;
    const h = 14;
    const split = this.x(this.target);
    const g = this.track.clear();
    g.roundRect(this.x(0) - 8, y - h / 2 - 8, this.x(100) - this.x(0) + 16, h + 16, 16).fill(0x17182d);
    const [left, right] = this.direction === 'under' ? [WIN, LOSE] : [LOSE, WIN];
    g.roundRect(this.x(0), y - h / 2, split - this.x(0), h, 7).fill(left);
    g.roundRect(split, y - h / 2, this.x(100) - split, h, 7).fill(right);
  }

  private drawTicks(): void {
    for (const child of this.ticks.removeChildren()) child.destroy();
    for (const v of [0, 25, 50, 75, 100]) {
      const label = new Text({
        text: String(v),
        style: { fill: 0x9a9cc0, fontSize: 14, fontFamily: 'system-ui, sans-serif' },
      });
      label.anchor.set(0.5, 0);
      label.position.set(this.x(v), this.trackY + 22);
      this.ticks.addChild(label);
    }
  }

  /** The marker's shapes for the current size, in white: the body with its pointer, and the full flash. */
  private drawMarker(): void {
    installMarkerFont();
    const size = this.size;
    const w = size * 1.45; // wide enough for "100.00"
    this.markerGlow
      .clear()
      .roundRect(-w / 2 - 10, -size / 2 - 10, w + 20, size + 20, 18)
      .fill(0xffffff);
    this.markerBody
      .clear()
      .roundRect(-w / 2, -size / 2, w, size, 14)
      .fill(0xffffff)
      .poly([-8, size / 2 - 1, 8, size / 2 - 1, 0, size / 2 + 10])
      .fill(0xffffff);
  }

  /** Moves, tints and labels the marker; the flash grows by up to 10 px a side and fades with `flash`. */
  private placeMarker(value: number, win: boolean | null, flash: number, label: string): void {
    const size = this.size;
    const w = size * 1.45;
    const colour = win === null ? IDLE : win ? WIN : LOSE;
    this.markerBody.tint = colour;
    this.markerGlow.visible = flash > 0;
    if (flash > 0) {
      this.markerGlow.tint = colour;
      this.markerGlow.alpha = 0.35 * flash;
      this.markerGlow.scale.set((w + 20 * flash) / (w + 20), (size + 20 * flash) / (size + 20));
    }
    this.markerText.text = label;
    this.marker.position.set(this.x(value), this.trackY - size / 2 - 26);
  }
}
