// The battle scene: one vertical reel per seat in a grid (`columns` set by the page, the same grid its
// seat cards use), framed in the seat's team colour, with a marker across the middle. A round starts
// every reel at the same engine time on its shared reel script; they rest together on the round's drops.
// The winners' frames pulse gold (a looping gsap timeline seeked by engine time); the other seats dim.
// Ticks sound as tiles pass the first reel's marker. Drawing cost (software WebGL pays for every pixel
// and every triangle): each item's tile (its rarity plate and image) is drawn once into one atlas
// texture for the reels' tile size (again when an image arrives or the size changes), and a tile in a
// reel is one quad showing its item's cell of the atlas — the two at the reel's top and bottom edges
// show only their rows inside the reel (a sub-frame: no stencil mask, which software WebGL pays for
// twice a frame). Frames and markers are drawn on a layout or winners change only (the pulse moves the
// frame's alpha). The atlas needs the renderer: until prepare() gives it, the reels show no tiles.
import { Assets, Container, Graphics, Rectangle, Sprite, Texture, type Renderer } from 'pixi.js';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { Scene } from '../../engine/scene.ts';
import { playSound } from '../../engine/sound.ts';
import { pausedTimeline, seekTimeline } from '../../engine/tween.ts';
import { reelOffsetAt, tileAt, type ReelScript } from '../../../shared/games/boxes/reel.script.ts';
import { REEL_TILE, roundReels, type BattleReelItem } from './battle-reel.ts';
import { RARITY_COLORS } from '../../engine/rarity-colors.ts';

/** Height of one row of reels in px (the page sizes the stage with it). */
export const REEL_ROW_PX = 260;
const GAP = 10; // px between reels
const PULSE_HALF_S = 0.18 * Math.PI; // a winner's frame goes from dim to bright in this many s, and back

/** The winners' frame alpha, 0.2 ↔ 1 on a sine (a full cycle every 1.13 s), from engine time. */
function framePulse() {
  const pulse = { alpha: 0.6 };
  const timeline = pausedTimeline({ repeat: -1, yoyo: true }).fromTo(
    pulse,
    { alpha: 0.2 },
    { alpha: 1, duration: PULSE_HALF_S, ease: 'sine.inOut', immediateRender: false },
  );
  return {
    pulse,
    seek: (now: number) => seekTimeline(timeline, now / 1000 + PULSE_HALF_S / 2),
    kill: () => timeline.kill(),
  };
}

interface Reel {
  root: Container; // frame + strip
  frame: Graphics; // team-coloured border (gold when winning; its alpha pulses)
  marker: Graphics; // the marker's ticks across the middle
  strip: Container; // tiles in view, the edge ones cropped to the reel
  tiles: Sprite[]; // pooled tiles: each a sub-frame of the atlas (its own dynamic texture)
  color: number; // team colour
  script: ReelScript | null; // the round's script
  offset: number; // strip position under the marker (script units)
  lastTile: number; // for ticks
}

/** The battle scene. */
export class BattleScene implements Scene {
  readonly root = new Container();
  readonly bundle = null; // item images load as rounds need them
  muted = false; // tests and benches turn ticks off
  private reels: Reel[] = [];
  private items: BattleReelItem[] = []; // the current round's box items
  private textures = new Map<string, Texture>(); // by image URL
  private round = -1; // round the scripts belong to
  private startedAt = 0; // engine ms the round began
  private winners: number[] | null = null; // seats to celebrate
  private columns = 1;
  private width = 1;
  private height = 1;
  private now = 0;
  private readonly pulse = framePulse();
  private changed = true; // a call redrew something since the runner last asked (animating)
  private renderer: Renderer | null = null; // draws the atlas (from prepare)
  private atlas: Atlas | null = null; // the items' tiles at the current tile size

  /** Keeps the renderer: the atlas of tiles is drawn with it. */
  prepare(host: Pick<PixiHost, 'app'>): void {
    const renderer = host.app.renderer as Renderer;
    if (renderer !== this.renderer) this.dropAtlas(); // drawn on another stage's GPU: drawn again here
    this.renderer = renderer;
    this.layout();
  }

  /** Shows `colors.length` reels (one per seat) in their team colours. */
  setSeats(colors: readonly number[]): void {
    this.changed = true;
    if (colors.length === this.reels.length) {
      colors.forEach((c, i) => (this.reels[i]!.color = c));
      return this.layout();
    }
    for (const r of this.reels) r.root.destroy({ children: true });
    this.reels = colors.map((color) => {
      const root = new Container();
      const frame = new Graphics();
      const marker = new Graphics();
      const strip = new Container();
      root.addChild(strip, frame, marker);
      this.root.addChild(root);
      return { root, frame, marker, strip, tiles: [], color, script: null, offset: 0, lastTile: 0 };
    });
    this.layout();
  }

  /** Reels per row (the page's grid). */
  setColumns(columns: number): void {
    this.columns = Math.max(1, columns);
    this.changed = true;
    this.layout();
  }

  /** Reels at rest on the box's items before the first round (a waiting battle). */
  showIdle(items: readonly BattleReelItem[]): void {
    this.useItems(items);
    for (const r of this.reels) {
      r.script = null;
      r.offset = REEL_TILE * 2.5;
    }
    this.changed = true;
  }

  /** Spins every reel from `now` to `winners[seat]` (product ids) over `durationMs` (0: at rest at once). */
  playRound(
    battleId: number,
    round: number,
    items: readonly BattleReelItem[],
    winners: readonly number[],
    now: number,
    durationMs: number,
  ): void {
    this.useItems(items);
    const scripts = roundReels(battleId, round, this.items, winners, durationMs);
    this.reels.forEach((r, i) => {
      r.script = scripts[i] ?? null;
      r.lastTile = 0;
    });
    this.round = round;
    this.startedAt = now;
    this.winners = null;
    this.changed = true; // a 0 ms round rests at once: nothing moves, yet the reels changed
    this.update(now);
  }

  /** Seats whose frames celebrate (null: none). */
  setWinners(seats: readonly number[] | null): void {
    this.winners = seats ? [...seats] : null;
    this.drawFrames();
    this.changed = true;
  }

  /** Whether the next frame differs: a reel moves, the winners' frames pulse, or a call changed the reels. */
  animating(): boolean {
    const changed = this.changed;
    this.changed = false;
    const moving = this.reels.some((r) => r.script !== null && r.offset !== r.script.targetOffset);
    return changed || moving || this.winners !== null;
  }

  /** Whether every reel rests at its script's end. */
  get settled(): boolean {
    return this.reels.length > 0 && this.reels.every((r) => r.script !== null && r.offset === r.script.targetOffset);
  }

  /** The round the scripts belong to (-1 before any). */
  get currentRound(): number {
    return this.round;
  }

  /** Product id under each reel's marker now (tests compare with the API). */
  landedItems(): number[] {
    return this.reels.map(
      (r) => this.items[this.itemIndex(r, tileAt({ tileWidth: REEL_TILE } as ReelScript, r.offset))]?.id ?? -1,
    );
  }

  update(now: number): void {
    this.now = now;
    this.reels.forEach((r, i) => {
      if (r.script) r.offset = reelOffsetAt(r.script, now - this.startedAt);
      const tile = Math.floor(r.offset / REEL_TILE);
      if (i === 0 && tile > r.lastTile && !this.muted) playSound('roll');
      r.lastTile = tile;
      this.drawStrip(r);
    });
    if (this.winners) this.pulseFrames();
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.layout();
  }

  destroy(): void {
    this.pulse.kill();
    this.dropAtlas();
    this.root.destroy({ children: true });
  }

  private useItems(items: readonly BattleReelItem[]): void {
    if (items === this.items) return;
    this.items = [...items];
    this.dropAtlas();
    for (const url of new Set(items.map((i) => i.img_url))) {
      if (this.textures.has(url)) continue;
      void Assets.load<Texture>(url).then(
        (tex) => {
          this.textures.set(url, tex);
          this.dropAtlas(); // redrawn with the image at the next draw
          this.changed = true;
        },
        () => undefined, // a missing image leaves the plate alone
      );
    }
  }

  private cell(): { w: number; h: number } {
    const rows = Math.ceil(this.reels.length / this.columns) || 1;
    return {
      w: (this.width - GAP * (this.columns - 1)) / this.columns,
      h: Math.min(REEL_ROW_PX, this.height / rows) - GAP,
    };
  }

  private layout(): void {
    const { w, h } = this.cell();
    this.reels.forEach((r, i) => {
      r.root.x = (i % this.columns) * (w + GAP);
      r.root.y = Math.floor(i / this.columns) * (h + GAP);
      this.drawStrip(r);
    });
    this.drawFrames();
  }

  private drawFrames(): void {
    const { w, h } = this.cell();
    this.reels.forEach((r, i) => {
      const won = this.winners?.includes(i) ?? false;
      r.root.alpha = this.winners && !won ? 0.45 : 1;
      r.frame
        .clear()
        .roundRect(0, 0, w, h, 12)
        .stroke({ width: won ? 5 : 3, color: won ? 0xffcf4a : r.color });
      r.marker
        .clear()
        .moveTo(0, h / 2)
        .lineTo(14, h / 2)
        .moveTo(w - 14, h / 2)
        .lineTo(w, h / 2)
        .stroke({ width: 3, color: 0xffcf4a });
    });
    this.pulseFrames();
  }

  /** The frames' alpha: the winners' pulse at engine time, the others' 0.9. */
  private pulseFrames(): void {
    this.pulse.seek(this.now);
    const pulse = this.pulse.pulse.alpha;
    this.reels.forEach((r, i) => (r.frame.alpha = this.winners?.includes(i) ? pulse : 0.9));
  }

  private itemIndex(r: Reel, tile: number): number {
    const strip = r.script?.strip;
    if (strip && tile >= 0 && tile < strip.length) return strip[tile]!;
    return this.items.length ? (((tile * 7 + 3) % this.items.length) + this.items.length) % this.items.length : 0;
  }

  /** A tile's side in px in a reel `w` wide. */
  private tileSize(w: number): number {
    return Math.min(w - 16, 110);
  }

  private drawStrip(r: Reel): void {
    if (!this.items.length) return;
    const { w, h } = this.cell();
    const size = this.tileSize(w);
    const atlas = this.atlasFor(size);
    if (!atlas) return;
    const scale = size / REEL_TILE;
    const mid = h / 2;
    const first = Math.floor(r.offset / REEL_TILE - mid / size) - 1;
    const count = Math.ceil(h / size) + 3;
    while (r.tiles.length < count) {
      const tile = new Sprite();
      r.strip.addChild(tile);
      r.tiles.push(tile);
    }
    r.tiles.forEach((tile, k) => {
      const index = first + k;
      // strip coordinate c sits at mid − (c − offset): tiles move down as the offset grows
      const y = mid - ((index + 1) * REEL_TILE - r.offset) * scale;
      // the plate's rows inside the reel (tile coordinates; the plate spans INSET … size − INSET)
      const top = Math.max(INSET, -y);
      const bottom = Math.min(size - INSET, h - y);
      tile.visible = k < count && bottom > top;
      if (!tile.visible) return;
      const cell = atlas.cells[this.itemIndex(r, index)]!;
      let tex = tile.texture;
      if (tex.source !== atlas.texture.source) {
        tex = new Texture({ source: atlas.texture.source, frame: new Rectangle(), dynamic: true });
        crops.add(tex);
        const last = tile.texture;
        tile.texture = tex;
        if (crops.has(last)) last.destroy();
      }
      const f = tex.frame;
      const frameY = cell.y + top - INSET;
      if (f.x !== cell.x || f.y !== frameY || f.height !== bottom - top || f.width !== atlas.cell) {
        f.x = cell.x;
        f.y = frameY;
        f.width = atlas.cell;
        f.height = bottom - top;
        tex.update();
      }
      tile.position.set((w - size) / 2 + INSET, y + top);
    });
  }

  /** The atlas of the items' tiles at `size` (drawn now when missing; null without a renderer). */
  private atlasFor(size: number): Atlas | null {
    if (this.atlas?.size === size) return this.atlas;
    if (!this.renderer) return null;
    this.dropAtlas();
    this.atlas = drawAtlas(this.renderer, this.items, this.textures, size);
    return this.atlas;
  }

  private dropAtlas(): void {
    if (!this.atlas) return;
    // tiles keep their own textures on the old source until the next draw swaps them; the source goes
    // once nothing shows it (the next drawStrip replaces every visible tile's texture)
    const old = this.atlas;
    this.atlas = null;
    for (const r of this.reels)
      for (const t of r.tiles)
        if (t.texture.source === old.texture.source) {
          const last = t.texture;
          t.texture = Texture.EMPTY;
          if (crops.has(last)) last.destroy();
        }
    old.texture.destroy(true);
  }
}

/** px between a tile's edge and its plate (the gap between two tiles is twice it). */
const INSET = 4;
/** Items per row of the atlas. */
const ATLAS_COLUMNS = 8;

/** Every item's tile (plate and image, INSET trimmed) in one texture: item k's cell at `cells[k]`. */
interface Atlas {
  size: number; // the tile size it was drawn for
  cell: number; // a cell's side: the plate's (size − 2 × INSET)
  texture: Texture;
  cells: { x: number; y: number }[];
}

function drawAtlas(
  renderer: Renderer,
  items: readonly BattleReelItem[],
  textures: ReadonlyMap<string, Texture>,
  size: number,
): Atlas {
  const cell = size - 2 * INSET;
  const columns = Math.min(ATLAS_COLUMNS, Math.max(1, items.length));
  const rows = Math.max(1, Math.ceil(items.length / columns));
  const sheet = new Container();
  const plates = new Graphics();
  sheet.addChild(plates);
  const cells = items.map((item, k) => {
    const x = (k % columns) * cell;
    const y = Math.floor(k / columns) * cell;
    plates.roundRect(x, y, cell, cell, 10).fill({ color: RARITY_COLORS[item.rarity] ?? 0x444444, alpha: 0.22 });
    const tex = textures.get(item.img_url);
    if (tex) {
      const image = new Sprite(tex);
      image.position.set(x + 12 - INSET, y + 12 - INSET);
      image.setSize(size - 24, size - 24);
      sheet.addChild(image);
    }
    return { x, y };
  });
  const texture = renderer.generateTexture({
    target: sheet,
    frame: new Rectangle(0, 0, columns * cell, rows * cell),
  });
  sheet.destroy({ children: true });
  return { size, cell, texture, cells };
}

/** The tiles' own textures (sub-frames of the atlas; destroyed when the atlas is redrawn). */
const crops = new WeakSet<Texture>();
