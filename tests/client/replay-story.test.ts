// The replay page's data → scene mapping: each game's settled outcome (GET /api/bets/{game}/{id}) becomes
// the story its scene plays — the same parameters /dev/scenes takes — and, played to its end on an
// engine clock, the scene rests on exactly that outcome (dice and Bounce draw text that needs a real
// canvas: their scenes are checked in the browser, tests/e2e/replay.spec.ts).
import { describe, expect, it } from 'vitest';
import { EngineClock } from '../../src/client/engine/clock.ts';
import { replayStory, storyParams } from '../../src/client/features/replay/replay-story.ts';
import { demoItems } from '../../src/client/games/dev-scenes/scene-stories.ts';
import { storyBattle } from '../../src/client/games/battles/battle-story.ts';
import { versionKey } from '../../src/client/games/battles/battle.view.ts';
import type { BattleReelItem } from '../../src/client/games/battles/battle-reel.ts';
import type { Replay, ReplayOutcome } from '../../src/shared/api/replay.ts';
import type { BoxItem } from '../../src/shared/api/boxes.ts';

const replayOf = (outcome: ReplayOutcome): Replay => ({
  game: outcome.game,
  id: 41,
  player: { id: 7, name: 'Ann', avatar_url: null, level: 3 },
  mine: false,
  stake: 1,
  payout: 2,
  multiplier: 2,
  result: 'win',
  created_at: '2026-11-27T12:00:00.000Z',
  title: 'A bet',
  outcome,
  fair: { server_seed_hash: 'h', client_seed: 'c', nonce: 1, server_seed: null, verify_link: null },
});

/** Plays the replay's story to its end as the page does (the scene updated on every clock move). */
function playToEnd(outcome: ReplayOutcome, boxItems?: ReadonlyMap<string, readonly BattleReelItem[]>) {
  const clock = new EngineClock();
  const story = replayStory(replayOf(outcome), clock, 'turbo', boxItems);
  clock.subscribe((now, delta) => story.scene.update(now, delta));
  story.scene.resize(640, 360);
  const duration = story.play(clock.now);
  expect(story.reached()).toBe(false);
  clock.setTimeout(() => {}, duration); // the page's end timer
  clock.skipToEnd();
  for (let i = 0; i < 5; i++) clock.advance(16); // a few frames at rest
  return story;
}

const dice = {
  game: 'dice',
  roll: 73.21,
  target: 50.5,
  direction: 'over',
  chance: 49.5,
  win: true,
  multiplier: 2,
} as const;
const plinko = { game: 'plinko', rows: 8, risk: 'low', path: 'LRRLRLLR', bucket: 4, multiplier: 0.5 } as const;
const crash = { game: 'crash', round_id: 9, crash_point: 3.5, cashed_out_at: 1.8, auto_cashout: null } as const;
const wheel = { game: 'wheel', round_id: 4, segment: 17, color: 'red', multiplier: 3, choice: 'red' } as const;

describe('replay → story parameters', () => {
  it('dice: the roll, the target and direction, in the player’s motion mode', () => {
    expect(Object.fromEntries(storyParams(dice, 'turbo'))).toEqual({
      scene: 'dice',
      outcome: '73.21',
      target: '50.5',
      direction: 'over',
      mode: 'turbo',
    });
  });

  it('upgrade: the roll against the chance', () => {
    const upgrade = { game: 'upgrade', roll: 12.3456, chance: 30.5 } as Extract<ReplayOutcome, { game: 'upgrade' }>;
    expect(Object.fromEntries(storyParams(upgrade, 'normal'))).toEqual({
      scene: 'upgrade',
      outcome: '12.3456',
      chance: '30.5',
      mode: 'normal',
    });
  });

  it('Bounce: the board and the one path, dropped at once', () => {
    expect(Object.fromEntries(storyParams(plinko, 'normal'))).toEqual({
      scene: 'plinko',
      rows: '8',
      risk: 'low',
      outcome: 'LRRLRLLR',
      gap: '0',
    });
  });

  it('Rocket joins the flight at its start (no betting window); the wheel joins its spin', () => {
    expect(Object.fromEntries(storyParams(crash, 'turbo'))).toEqual({ scene: 'crash', crash: '3.5', t: '0' });
    expect(Object.fromEntries(storyParams(wheel, 'reduced'))).toEqual({
      scene: 'wheel',
      segment: '17',
      status: 'in_progress',
      mode: 'reduced',
    });
  });
});

describe('replay story played to its end rests on the outcome', () => {
  it('upgrade lands on its roll', () => {
    const story = playToEnd({
      game: 'upgrade',
      roll: 64.2,
      chance: 25,
      win: false,
      stake_items: [],
      stake_balance: 1,
      target: {
        id: 1,
        slug: 't',
        name: 'T',
        category: 'electronics',
        rarity: 'rare',
        img_url: '',
        price: 4,
        sale_price: 3,
        sizes: [],
      } as Extract<ReplayOutcome, { game: 'upgrade' }>['target'],
    });
    expect(story.reached()).toBe(true);
    expect(story.view()).toMatchObject({ done: true, needle: 64.2 });
  });

  it('Rocket flies to the bust with the player’s cash-out on the curve', () => {
    const story = playToEnd(crash);
    expect(story.reached()).toBe(true);
    expect(story.view()).toMatchObject({ phase: 'crashed', multiplier: 3.5 });
    const scene = story.scene as unknown as { markers: { multiplier: number; name: string }[] };
    expect(scene.markers).toMatchObject([{ multiplier: 1.8, name: 'Ann' }]);
  });

  it('Rocket draws no cash-out for a bet that rode to the bust', () => {
    const story = playToEnd({ ...crash, cashed_out_at: null });
    expect((story.scene as unknown as { markers: unknown[] }).markers).toEqual([]);
  });

  it('the wheel lands on its segment', () => {
    const story = playToEnd(wheel);
    expect(story.reached()).toBe(true);
    expect(story.view()).toMatchObject({ phase: 'landed', segment: 17 });
  });

  it('a box reel lands on the won item among the box version’s items', () => {
    const items = demoItems().map(
      (i, n): BoxItem =>
        ({ ...i, slug: `i${n}`, name: `Item ${n}`, ticket_from: n, ticket_to: n, chance: 1 }) as unknown as BoxItem,
    );
    const story = playToEnd({
      game: 'box',
      box: { id: 1, slug: 'b', name: 'B', img_url: '', version: 1 },
      ticket: 5,
      item: items[5]!,
      items,
    });
    expect(story.reached()).toBe(true);
    expect(story.view()).toMatchObject({ items: [5], settled: true });
  });

  it('a battle replays round by round and rests on the last round’s drops', () => {
    const battle = storyBattle(
      '1v1',
      [
        [1, 2],
        [6, 0],
      ],
      demoItems(),
    );
    const story = playToEnd({ game: 'battle', seat: 1, battle });
    expect(story.reached()).toBe(true);
    expect(story.outcome).toMatchObject({ seat: 1, rounds: 2, landed: [7, 1] });
    expect(story.view()).toMatchObject({ status: 'ended', landed: [7, 1], reel_items: 2 }); // no box items: the drops

    // with the box version's items (as the live page loads them) the reels spin the whole box
    const items = demoItems();
    const real = playToEnd({ game: 'battle', seat: 1, battle }, new Map([[versionKey(battle.boxes[0]!), items]]));
    expect(real.reached()).toBe(true);
    expect(real.view()).toMatchObject({ status: 'ended', landed: [7, 1], reel_items: items.length });
  });
});
