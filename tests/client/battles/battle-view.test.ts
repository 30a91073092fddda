// What the battle scene is handed from the machine's context: reels per seat before the round (a late
// joiner's reels exist before they are told where to rest), a spin only when the cue changes (never
// restarted by a re-render; a late box list keeps the same start), the winners again after a new round.
import { describe, expect, it } from 'vitest';
import { battleView, syncBattleScene } from '../../../src/client/games/battles/battle.view.ts';
import { applyBattleEvent } from '../../../src/client/games/battles/battle.state.ts';
import { battle, drop } from './battle-fixtures.ts';

const played = applyBattleEvent(battle({ status: 'running' }), {
  type: 'battleRoundStarted',
  data: { id: 7, round: 0, drops: [0, 1].map((seat) => ({ ...drop(0, 10 + seat, 1), seat })) },
});
const ctx = { battle: played, round: 0, shown: -1, startedAt: 500, spinMs: 3600 };

function fakeScene() {
  const calls: string[] = [];
  return {
    calls,
    setSeats: (colors: readonly number[]) => calls.push(`seats ${colors.length}`),
    showIdle: (items: readonly unknown[]) => calls.push(`idle ${items.length}`),
    playRound: (_id: number, round: number, items: readonly unknown[], winners: readonly number[], at: number) =>
      calls.push(`round ${round} at ${at} on ${winners.join('/')} of ${items.length}`),
    setWinners: (seats: readonly number[] | null) => calls.push(`winners ${JSON.stringify(seats)}`),
  };
}

describe('battle view', () => {
  it('idles before the first round, then cues every seat’s drop from the machine’s start time', () => {
    expect(battleView({ ...ctx, round: -1 }, new Map()).cue).toBeNull();
    expect(battleView(ctx, new Map()).cue).toMatchObject({ round: 0, winners: [10, 11], startedAt: 500 });
  });

  it('hands the scene only what changed', () => {
    const scene = fakeScene();
    const sync = syncBattleScene(scene);
    sync(battleView(ctx, new Map()));
    sync(battleView({ ...ctx }, new Map())); // a re-render: nothing
    const items = new Map([['box-1@1', [{ id: 3, tickets: 5, img_url: '/i.png', rarity: 'rare' }]]]);
    sync(battleView(ctx, items)); // the box's items arrived mid-spin: same start
    expect(scene.calls).toEqual([
      'seats 2',
      'round 0 at 500 on 10/11 of 2',
      'winners null',
      'round 0 at 500 on 10/11 of 3',
      'winners null',
    ]);
  });

  it('shows the winners once the last round landed on an ended battle', () => {
    const ended = { ...played, status: 'ended' as const, boxes: played.boxes.slice(0, 1), winners: [1] };
    const scene = fakeScene();
    syncBattleScene(scene)(battleView({ ...ctx, battle: ended, shown: 0, spinMs: 0 }, new Map()));
    expect(scene.calls.at(-1)).toBe('winners [1]');
    expect(battleView({ ...ctx, battle: ended }, new Map()).celebrate).toBeNull(); // still spinning
  });
});
