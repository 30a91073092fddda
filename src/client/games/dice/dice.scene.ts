// The dice scene: a 0–100 track with the win zone, tick labels and a marker that flies to the
// roll. It only samples the shared script by engine time; sounds fire on the script's cues.
import { Container, Graphics, Text } from 'pixi.js';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import type { DiceDirection } from '../../../shared/fair/index.ts';
import type { DiceScript } from '../../../shared/games/dice/dice.script.ts';
import { sampleDice, type DiceView } from '../../../shared/games/dice/dice.sample.ts';

const WIN = 0x2bd67b;
const LOSE = 0xff4d6d;
const IDLE = 0x3a3c6e;

/** The dice game's Pixi scene. */
export class DiceScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // drawn with vector graphics: nothing to load
  private readonly track = new Graphics();
  private readonly ticks = new Container();
  private readonly marker = new Container();
  private readonly markerBody = new Graphics();
  private readonly markerText = new Text({
    text: '50.00',
    style: { fill: 0xffffff, fontSize: 22, fontWeight: '700', fontFamily: 'system-ui, sans-serif' },
  });
  private width = 1; // px
  private height = 1; // px
  private target = 50.5; // current bet target
  private direction: DiceDirection = 'over';
  private script: DiceScript | null = null; // the roll being shown
  private startedAt = 0; // engine ms the script started
  private lastT = -1; // ms into the script at the previous update (cue firing)
  private rest = 50; // where the marker sits between rolls
  private view: DiceView | null = null; // last applied sample
  muted = false; // tests and benches turn cue sounds off

  constructor() {
    this.marker.addChild(this.markerBody, this.markerText);
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
    this.setBet(script.outcome.target, script.outcome.direction);
  }

  update(now: number): void {
    if (!this.script) return this.drawMarker(this.rest, null, 0);
    const t = now - this.startedAt;
    if (!this.muted) for (const cue of this.script.cues) if (cue.t > this.lastT && cue.t <= t) playSound(cue.sound);
    this.lastT = t;
    const v = sampleDice(this.script, t);
    this.view = v;
    this.drawMarker(v.marker, v.win, v.flash, v.label);
    if (v.done) this.rest = v.marker;
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.drawTrack();
    this.drawTicks();
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

  private drawMarker(value: number, win: boolean | null, flash: number, label = value.toFixed(2)): void {
    const size = Math.min(84, Math.max(56, this.width * 0.08));
    const colour = win === null ? IDLE : win ? WIN : LOSE;
    const w = size * 1.45; // wide enough for "100.00"
    const b = this.markerBody.clear();
    if (flash > 0)
      b.roundRect(-w / 2 - 10 * flash, -size / 2 - 10 * flash, w + 20 * flash, size + 20 * flash, 18).fill({
        color: colour,
        alpha: 0.35 * flash,
      });
    b.roundRect(-w / 2, -size / 2, w, size, 14).fill(colour);
    b.poly([-8, size / 2 - 1, 8, size / 2 - 1, 0, size / 2 + 10]).fill(colour);
    this.markerText.text = label;
    this.marker.position.set(this.x(value), this.trackY - size / 2 - 26);
  }
}
