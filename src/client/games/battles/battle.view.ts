// What the battle scene draws, from the battle machine's context (pure): a reel per seat in its team
// colour; before any round the reels rest on the first box's items; then the round on the reels — every
// seat's drop, started at the engine time the machine entered in_progress, for its spin (0: at rest at
// once, a late joiner's first view) — and, once the reels landed on an ended battle's last round, the
// winning seats. `syncBattleScene` hands a view to the scene only when it changed, so a spin is never
// restarted by a re-render.
import type { Battle, BattleBox } from '../../../shared/api/battles.ts';
import type { VersionItem } from '../../../shared/api/box-fair.ts';
import type { BattleContext } from './battle.machine.ts';
import { showWinners } from './battle.state.ts';
import { reelItemsFor, type BattleReelItem } from './battle-reel.ts';
import { seatColor } from './battle-colors.ts';
import type { BattleScene } from './battle.scene.ts';

/** The reels' round: every seat's product id to rest on, from `startedAt` over `durationMs` engine ms. */
export interface ReelCue {
  battleId: number;
  round: number;
  items: BattleReelItem[]; // the round's box items plus any drop missing from them
  winners: number[]; // product id per seat
  startedAt: number;
  durationMs: number;
}

/** What the scene shows. */
export interface BattleView {
  seats: number[]; // one reel per seat, in its team colour
  idle: BattleReelItem[] | null; // reels at rest before the first round (then `cue` is null)
  cue: ReelCue | null;
  celebrate: number[] | null; // winning seats, once shown
}

/** "slug@version": the key of a box version's items. */
export const versionKey = (b: Pick<BattleBox, 'slug' | 'version'>) => `${b.slug}@${b.version}`;

/** The items of round `round`'s box (by its version; empty until loaded). */
export function roundBoxItems(items: Map<string, VersionItem[]>, battle: Battle, round: number): VersionItem[] {
  const box = battle.boxes[round];
  return box ? (items.get(versionKey(box)) ?? []) : [];
}

/** The view of `context` with the box items loaded so far (by "slug@version"). */
export function battleView(
  context: Pick<BattleContext, 'battle' | 'round' | 'shown' | 'startedAt' | 'spinMs'>,
  items: Map<string, readonly BattleReelItem[]>,
): BattleView {
  const b = context.battle;
  if (!b) return { seats: [], idle: null, cue: null, celebrate: null };
  const seats = b.seats.map((s) => seatColor(b.mode, s.seat));
  const boxItems = (r: number) => {
    const box = b.boxes[r];
    return box ? (items.get(versionKey(box)) ?? []) : [];
  };
  const drops = b.seats.map((s) => s.drops.find((d) => d.round === context.round));
  if (context.round < 0 || drops.some((d) => !d)) return { seats, idle: [...boxItems(0)], cue: null, celebrate: null };
  const dropped = drops.map((d) => ({ ...d!.item, tickets: 1 }));
  return {
    seats,
    idle: null,
    cue: {
      battleId: b.id,
      round: context.round,
      items: reelItemsFor(boxItems(context.round), dropped),
      winners: dropped.map((d) => d.id),
      startedAt: context.startedAt,
      durationMs: context.spinMs,
    },
    celebrate: showWinners(b, context.shown) ? b.winners : null,
  };
}

/** A function that shows each new view on `scene` (only what changed since the last call). */
export function syncBattleScene(scene: Pick<BattleScene, 'setSeats' | 'showIdle' | 'playRound' | 'setWinners'>) {
  let seated = '';
  let shown = '';
  let celebrated = '';
  return (view: BattleView): void => {
    const seats = view.seats.join(',');
    if (seats !== seated) {
      seated = seats;
      scene.setSeats(view.seats);
      shown = ''; // new reels: give them the round again
    }
    const c = view.cue;
    // the item count joins the key: a late box list redraws the strip from the same start, never restarts it
    const key = c
      ? `${c.battleId}:${c.round}:${c.startedAt}:${c.durationMs}:${c.items.length}`
      : `idle:${view.idle?.length ?? -1}`;
    if (key !== shown) {
      shown = key;
      celebrated = ''; // a new round clears the scene's winners: show them again if they stand
      if (c) scene.playRound(c.battleId, c.round, c.items, c.winners, c.startedAt, c.durationMs);
      else if (view.idle) scene.showIdle(view.idle);
    }
    const winners = JSON.stringify(view.celebrate);
    if (winners !== celebrated) {
      celebrated = winners;
      scene.setWinners(view.celebrate);
    }
  };
}
