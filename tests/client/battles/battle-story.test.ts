// The /dev/scenes battle story with no server: drops from the URL (or seeded) make an ended battle whose
// winners follow the totals; play walks its rounds through the statuses on the engine time the page gives
// the scene, and it rests on the last round's drops.
import { describe, expect, it } from 'vitest';
import { battleStory } from '../../../src/client/games/battles/battle-story.ts';
import { demoItems } from '../../../src/client/games/dev-scenes/scene-stories.ts';

const story = (query: string) => battleStory(new URLSearchParams(query), demoItems());
type View = { status: string; round: number; shown: number; landed: number[]; winners: number[] | null };

describe('battle story', () => {
  it('builds a 2v2 from the drops in the URL: team totals and the winning team', () => {
    const s = story('mode=2v2&drops=7,7,0,0;6,6,1,0&muted');
    expect(s.outcome).toEqual({
      mode: '2v2',
      drops: [
        [7, 7, 0, 0],
        [6, 6, 1, 0],
      ],
      totals: [30, 0.25],
      winners: [0, 1],
    });
  });

  it('plays round by round on the engine time the scene is given, and rests on the last drops', () => {
    const s = story('mode=1v1v1&drops=1,2,3;4,5,6;0,7,2&motion=turbo&muted');
    const duration = s.play(0);
    expect(duration).toBe(3 * 1400 + 2 * 700);
    const statuses: string[] = [(s.view() as View).status]; // drops committed: the reels start on the next frame
    for (let now = 0; now <= duration; now += 50) {
      s.scene.update(now, 50);
      const v = s.view() as View;
      if (statuses.at(-1) !== v.status) statuses.push(v.status);
      if (now < duration) expect(s.reached()).toBe(false);
    }
    expect(statuses).toEqual(['pending', 'in_progress', 'pending', 'in_progress', 'pending', 'in_progress', 'ended']);
    expect(s.reached()).toBe(true);
    expect(s.view()).toMatchObject({ status: 'ended', round: 2, landed: [0, 7, 2], winners: [1] });
    s.play(duration + 10); // a replay starts over
    expect(s.reached()).toBe(false);
  });

  it('seeds the drops when none are given, the same for the same seed', () => {
    const a = story('mode=3v3&rounds=4&seed=9');
    expect(a.outcome.drops).toHaveLength(4);
    expect(a.outcome.drops.every((r) => r.length === 6)).toBe(true);
    expect(story('mode=3v3&rounds=4&seed=9').outcome).toEqual(a.outcome);
    expect(story('mode=3v3&rounds=4&seed=10').outcome.drops).not.toEqual(a.outcome.drops);
  });

  it('refuses input it cannot play', () => {
    expect(() => story('mode=4v4')).toThrow(/mode must be/);
    expect(() => story('mode=1v1&drops=1,2,3')).toThrow(/2 item indices per round/);
    expect(() => story('drops=1,9')).toThrow(/item indices 0–7/);
    expect(() => story('rounds=0')).toThrow(/rounds must be/);
  });
});
