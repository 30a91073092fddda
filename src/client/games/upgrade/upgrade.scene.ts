// The upgrade scene: a ring (0 at the top, clockwise to 100) with the chance arc [0, chance) in
// green, and a needle that spins round it and lands on the server's roll. It only samples the
// shared script by engine time; sounds fire on the script's cues.
import { Container, Graphics, Text } from 'pixi.js';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import type { UpgradeScript } from '../../../shared/games/upgrade/upgrade.script.ts';
import { sampleUpgrade, type UpgradeView } from '../../../shared/games/upgrade/upgrade.sample.ts';

const WIN = 0x2bd67b;
const LOSE = 0xff4d6d;
const TRACK = 0x2a2c52;
const NEEDLE = 0xffcf4a;
const FONT = 'system-ui, sans-serif';

/** Ring position (0–100) → radians, 0 at the top, clockwise. */
export function ringAngle(value: number): number {
  return (value / 100) * Math.PI * 2 - Math.PI / 2;
}

/** The upgrade game's Pixi scene. */
export class UpgradeScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // vector graphics only
  private readonly ring = new Graphics();
  private readonly needle = new Graphics();
  private readonly glow = new Graphics();
  private readonly big = new Text({
    text: '0.00%',
    style: { fill: 0xffffff, fontSize: 40, fontWeight: '800', fontFamily: FONT },
  });
  private readonly small = new Text({ text: 'chance', style: { fill: 0x9a9cc0, fontSize: 16, fontFamily: FONT } });
  private radius = 100; // px
  private chance = 0; // percent shown by the arc
  private previewed = -1; // last chance the HUD asked to preview, percent
  private script: UpgradeScript | null = null; // the upgrade being shown
  private startedAt = 0; // engine ms the script started
  private lastT = -1; // ms into the script at the previous update (cue firing)
  private rest = 0; // where the needle sits between upgrades, 0–100
  private view: UpgradeView | null = null; // last applied sample
  private changed = true; // a call redrew something since the runner last asked (animating)
  muted = false; // tests and benches turn cue sounds off

  constructor() {
    this.big.anchor.set(0.5);
    this.small.anchor.set(0.5);
    this.root.addChild(this.glow, this.ring, this.needle, this.big, this.small);
  }

  /** Where the next needle spin starts. */
  get restingNeedle(): number {
    return this.rest;
  }

  /** The last drawn view (tests read it). */
  get lastView(): UpgradeView | null {
    return this.view;
  }

  /** Previews a chance (percent) for the next upgrade: redraws the arc, clears the last result.
   * 0 (nothing valid picked, e.g. right after the stake was consumed) keeps the last result shown. */
  setChance(chance: number): void {
    if (chance === this.previewed) return; // the HUD re-sends it when a round settles: keep the result
    this.previewed = chance;
    if (this.script && (!this.view?.done || chance === 0)) return; // never redraw under a spinning needle
    this.script = null;
    this.view = null;
    this.chance = chance;
    this.drawRing();
    this.drawNeedle(this.rest, null, 0);
    this.setLabels(`${chance.toFixed(2)}%`, 'chance');
    this.changed = true;
  }

  /** Starts showing an upgrade from engine time `startedAt`. */
  play(script: UpgradeScript, startedAt: number): void {
    this.script = script;
    this.startedAt = startedAt;
    this.lastT = -1;
    this.chance = script.outcome.chance;
    this.drawRing();
    this.changed = true;
  }

  /** Whether the next frame differs: the needle spins or flashes, or a call redrew the ring. */
  animating(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed || (this.script !== null && !this.view?.done);
  }

  update(now: number): void {
    if (!this.script) return;
    const t = now - this.startedAt;
    if (!this.muted) for (const cue of this.script.cues) if (cue.t > this.lastT && cue.t <= t) playSound(cue.sound);
    this.lastT = t;
    const v = sampleUpgrade(this.script, t);
    this.view = v;
    this.drawNeedle(v.needle, v.win, v.flash);
    this.setLabels(v.label, v.revealed ? (v.win ? 'UPGRADED' : 'LOST') : `chance ${this.chance.toFixed(2)}%`, v.win);
    if (v.done) this.rest = v.needle;
  }

  resize(width: number, height: number): void {
    this.root.position.set(width / 2, height / 2);
    this.radius = Math.max(60, Math.min(width, height) / 2 - 28);
    this.big.style.fontSize = Math.round(this.radius * 0.32);
    this.big.position.set(0, -this.radius * 0.08);
    this.small.position.set(0, this.radius * 0.24);
    this.drawRing();
    if (this.view) this.drawNeedle(this.view.needle, this.view.win, this.view.flash);
    else this.drawNeedle(this.rest, null, 0);
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }

  private setLabels(big: string, small: string, win: boolean | null = null): void {
    this.big.text = big;
    this.small.text = small;
    this.small.style.fill = win === null ? 0x9a9cc0 : win ? WIN : LOSE;
  }

  private drawRing(): void {
    const r = this.radius;
    const width = Math.max(10, r * 0.13);
    const g = this.ring.clear();
    g.circle(0, 0, r).stroke({ width, color: TRACK });
    if (this.chance > 0) {
      g.moveTo(Math.cos(ringAngle(0)) * r, Math.sin(ringAngle(0)) * r);
      g.arc(0, 0, r, ringAngle(0), ringAngle(Math.min(this.chance, 100))).stroke({ width, color: WIN, cap: 'butt' });
    }
    for (let v = 0; v < 100; v += 5) {
      const a = ringAngle(v);
      const inner = r - width / 2 - (v % 25 === 0 ? 12 : 6);
      g.moveTo(Math.cos(a) * inner, Math.sin(a) * inner)
        .lineTo(Math.cos(a) * (r - width / 2 - 2), Math.sin(a) * (r - width / 2 - 2))
        .stroke({ width: 2, color: 0x55588f });
    }
  }

  private drawNeedle(value: number, win: boolean | null, flash: number): void {
    const r = this.radius;
    const a = ringAngle(value);
    const colour = win === null ? NEEDLE : win ? WIN : LOSE;
    const tip = r + Math.max(10, r * 0.13) / 2 + 4;
    const side = 9;
    const nx = Math.cos(a);
    const ny = Math.sin(a);
    const base = r * 0.58; // starts outside the centre text
    this.needle
      .clear()
      .poly([
        nx * base - ny * side,
        ny * base + nx * side,
        nx * tip,
        ny * tip,
        nx * base + ny * side,
        ny * base - nx * side,
      ])
      .fill(colour);
    const g = this.glow.clear();
    if (flash > 0) g.circle(0, 0, r + 18 * flash).stroke({ width: 14 * flash, color: colour, alpha: 0.35 * flash });
  }
}
