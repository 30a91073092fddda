// The box reel scene: 1–5 horizontal strips stacked, a centre marker, item images on rarity
// plates. A reel pre-spins at constant speed from the click (hiding the request), then samples
// the shared reel script by engine time until it rests on the server's item; the landed tile
// glows (a halo in its rarity colour drawn once, its alpha pulsing). Ticks sound as tiles pass the
// marker. Drawing cost (software WebGL pays for every pixel): a reel's tiles (translucent plate and
// item image each) are drawn once into a cached texture, a block of the tiles in view and a few ahead, and a frame
// only moves that block (it is redrawn when the reel runs past it, or its tiles or size change); no
// stencil mask (the row fits its tiles and the canvas clips the ends) and no live filter (the halo is
// plain geometry, outside the cached block, so its pulse does not redraw it).
import { Assets, Container, Graphics, Sprite, type Texture } from 'pixi.js';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import {
  fillerStrip,
  reelOffsetAt,
  reelScript,
  tileAt,
  type ReelItem,
  type ReelScript,
} from '../../../shared/games/boxes/reel.script.ts';
import { RARITY_COLORS } from '../../engine/rarity-colors.ts';

/** An item as the scene draws it. */
export interface SceneItem extends ReelItem {
  img_url: string;
  rarity: string;
}

/** Tile width in px. */
export const TILE = 120;
/** The strip position an idle reel shows (px under the marker): enough tiles left of the marker
 * to fill the widest stage, so an idle reel never shows an empty start. */
export const IDLE_OFFSET = TILE * 16.5;
/** Tiles in a reel's cached block at most: 2,040 px, a texture of ≤ 4,096 px at the stage's 2× ratio
 * (the block holds the tiles in view and up to six ahead: a full-speed reel redraws it every ~18 frames). */
const BLOCK_TILES = 17;
/** Pre-spin speed in px per engine ms. */
export const PRESPIN_SPEED = 2.4;

interface ReelState {
  root: Container; // the row: the cached block of tiles, the landed halo under it
  block: Container; // tiles blockStart… at x = 0, TILE, …; cached as one texture
  tiles: Container[]; // pooled tiles of the block
  blockStart: number; // first tile index in the block (NaN: redraw it)
  blockKey: string; // what the block was drawn for (row height, filler or script)
  seed: number; // filler seed for this opening
  filler: number[]; // pre-spin tiles
  prespinAt: number | null; // engine ms the pre-spin began
  script: ReelScript | null; // the eased segment once the answer is in
  scriptAt: number; // engine ms the script started
  lastTile: number; // tile under the marker at the last update (ticks)
  offset: number; // px under the marker now
}

/** The reel scene. */
export class BoxesScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // item images load in prepare()
  private readonly marker = new Graphics();
  private reels: ReelState[] = [];
  private textures: Texture[] = [];
  private glows: Graphics[] = []; // halos behind the landed tiles
  private width = 1;
  private height = 1;
  private changed = true; // a call redrew something since the runner last asked (animating)
  muted = false; // tests and benches turn ticks off

  constructor(private readonly items: readonly SceneItem[]) {
    this.root.addChild(this.marker);
    this.setCount(1);
  }

  async prepare(): Promise<void> {
    this.textures = await Promise.all(this.items.map((i) => Assets.load<Texture>(i.img_url)));
  }

  /** Shows `count` idle reels. */
  setCount(count: number): void {
    if (count === this.reels.length) return; // a landed reel keeps showing its item
    this.changed = true;
    for (const r of this.reels) r.root.destroy({ children: true });
    this.reels = Array.from({ length: count }, (_, i) => {
      const root = new Container();
      const block = new Container();
      block.cacheAsTexture(true);
      root.addChild(block);
      this.root.addChildAt(root, 0);
      const seed = i + 1;
      return {
        root,
        block,
        tiles: [],
        blockStart: NaN,
        blockKey: '',
        seed,
        filler: fillerStrip(this.items, seed, 400),
        prespinAt: null,
        script: null,
        scriptAt: 0,
        lastTile: 0,
        offset: IDLE_OFFSET,
      };
    });
    this.layout();
  }

  /** Starts the pre-spin of `count` reels at engine time `now` with a fresh filler seed. */
  spin(count: number, now: number, seedBase: number): void {
    this.setCount(count);
    this.clearGlow();
    this.reels.forEach((r, i) => {
      r.seed = seedBase * 8 + i;
      r.filler = fillerStrip(this.items, r.seed, 2000);
      r.script = null;
      r.offset = IDLE_OFFSET;
      r.lastTile = tileAt({ tileWidth: TILE } as ReelScript, r.offset);
      r.prespinAt = now;
    });
  }

  /** The answer arrived: each reel continues from where it is to its winner; returns the longest duration (ms). */
  land(winners: number[], now: number, durationMs: number): number {
    if (this.reels.length !== winners.length) this.spin(winners.length, now, 1);
    let longest = 0;
    this.reels.forEach((r, i) => {
      const started = r.prespinAt !== null;
      const d = durationMs + i * (durationMs / 12); // a small stagger between reels
      r.script = reelScript({
        items: this.items,
        winnerIndex: winners[i]!,
        seed: r.seed,
        tileWidth: TILE,
        durationMs: d,
        startOffset: this.offsetOf(r, now),
        startVelocity: started ? PRESPIN_SPEED : 0,
      });
      r.scriptAt = now;
      r.prespinAt = null;
      longest = Math.max(longest, d);
    });
    return longest;
  }

  /** Whether the next frame differs: a reel moves, a landed tile's glow pulses, or a call changed the reels. */
  animating(): boolean {
    const changed = this.changed;
    this.changed = false;
    const moving = this.reels.some((r) => r.prespinAt !== null || (r.script && r.offset !== r.script.targetOffset));
    return changed || moving || this.glows.length > 0;
  }

  /** The item index each reel's marker points at now (tests compare with the API). */
  landedItems(): number[] {
    return this.reels.map((r) => this.itemAt(r, tileAt({ tileWidth: TILE } as ReelScript, r.offset)));
  }

  /** Whether every reel rests at its script's end. */
  get settled(): boolean {
    return this.reels.every((r) => r.script !== null && r.offset === r.script.targetOffset);
  }

  update(now: number): void {
    for (const r of this.reels) {
      r.offset = this.offsetOf(r, now);
      const tile = Math.floor(r.offset / TILE);
      if (tile > r.lastTile && !this.muted) playSound('roll');
      r.lastTile = tile;
      this.drawReel(r);
    }
    const pulse = 0.75 + 0.25 * Math.sin((now / 1000) * 4);
    for (const g of this.glows) g.alpha = pulse;
    if (!this.glows.length && this.settled && this.reels.length) this.addGlow();
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.layout();
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }

  private offsetOf(r: ReelState, now: number): number {
    if (r.script) return reelOffsetAt(r.script, now - r.scriptAt);
    if (r.prespinAt !== null) return IDLE_OFFSET + (now - r.prespinAt) * PRESPIN_SPEED;
    return r.offset;
  }

  private itemAt(r: ReelState, tile: number): number {
    const strip = r.script?.strip;
    if (strip && tile < strip.length) return strip[tile]!;
    return r.filler[tile % r.filler.length]!;
  }

  private rowHeight(): number {
    return Math.min(150, this.height / Math.max(1, this.reels.length));
  }

  private layout(): void {
    this.clearGlow(); // drawn for the old size: update() adds it again at rest
    const h = this.rowHeight();
    const top = (this.height - h * this.reels.length) / 2;
    this.reels.forEach((r, i) => {
      r.root.y = top + i * h;
      this.drawReel(r);
    });
    this.marker.clear();
    this.marker.rect(this.width / 2 - 1.5, top - 4, 3, h * this.reels.length + 2).fill(0xffcf4a);
  }

  /** Moves the reel's cached block under the marker; redraws the block when the visible tiles run out
   * of it or it was drawn for other tiles. */
  private drawReel(r: ReelState): void {
    const h = this.rowHeight() - 6;
    const first = Math.floor((r.offset - this.width / 2) / TILE) - 1; // leftmost tile in view
    const visible = Math.ceil(this.width / TILE) + 3;
    const key = `${h}:${r.seed}:${r.script ? r.scriptAt : 'idle'}`;
    if (key !== r.blockKey || first < r.blockStart || first + visible > r.blockStart + r.tiles.length) {
      r.blockKey = key;
      r.blockStart = Math.max(0, first);
      this.drawBlock(r, h, Math.max(visible, Math.min(visible + 6, BLOCK_TILES)));
    }
    r.block.x = this.width / 2 + r.blockStart * TILE - r.offset;
  }

  /** Draws `count` tiles from `r.blockStart` into the reel's cached block. */
  private drawBlock(r: ReelState, h: number, count: number): void {
    while (r.tiles.length < count) {
      const tile = new Container();
      tile.addChild(new Graphics(), new Sprite());
      r.block.addChild(tile);
      r.tiles.push(tile);
    }
    r.tiles.forEach((tile, k) => {
      const item = this.itemAt(r, r.blockStart + k);
      tile.x = k * TILE;
      const plate = tile.children[0] as Graphics;
      const sprite = tile.children[1] as Sprite;
      if (plate.label === `${item}:${h}`) return;
      plate.label = `${item}:${h}`;
      plate
        .clear()
        .roundRect(4, 4, TILE - 8, h - 8, 10)
        .fill({ color: RARITY_COLORS[this.items[item]!.rarity] ?? 0x444444, alpha: 0.22 });
      const tex = this.textures[item];
      if (tex) {
        sprite.texture = tex;
        const size = Math.min(TILE - 24, h - 24);
        sprite.width = size;
        sprite.height = size;
        sprite.x = (TILE - size) / 2;
        sprite.y = (h - size) / 2;
      }
    });
    r.block.updateCacheTexture();
  }

  /** A halo in the rarity's colour behind each reel's landed tile (within its row), pulsed in update(). */
  private addGlow(): void {
    const h = this.rowHeight() - 6;
    for (const r of this.reels) {
      const won = r.script!.strip[r.script!.landing]!;
      const color = RARITY_COLORS[this.items[won]!.rarity] ?? 0xffffff;
      // a ring around the plate, not a filled rect under it: software WebGL pays for every blended pixel
      const halo = new Graphics();
      for (const d of [12, 6]) {
        const top = Math.max(0, 4 - d);
        halo
          .roundRect(4 - d, top, TILE - 8 + 2 * d, Math.min(h, h - 4 + d) - top, 10 + d)
          .fill({ color, alpha: 0.3 })
          .roundRect(4, 4, TILE - 8, h - 8, 10)
          .cut();
      }
      halo.x = this.width / 2 + r.script!.landing * TILE - r.offset; // the landed tile's place
      r.root.addChildAt(halo, 0);
      this.glows.push(halo);
    }
  }

  private clearGlow(): void {
    for (const g of this.glows) if (!g.destroyed) g.destroy();
    this.glows = [];
  }
}
