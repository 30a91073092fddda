// The round games' /dev/scenes stories on a simulated engine clock: the real round machine fed the
// events a server would send, the scenes reaching the outcome of the URL (Rocket's crash point from
// any moment, the wheel's segment), joining late, and replays as newer rounds.
import { describe, expect, it } from 'vitest';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { storyFor } from '../../../src/client/games/dev-scenes/scene-stories.ts';

function run(query: string) {
  const clock = new EngineClock();
  const story = storyFor(new URLSearchParams(query), clock);
  clock.subscribe((now, delta) => story.scene.update(now, delta)); // as the scene runner does
  story.scene.resize(640, 360);
  const duration = story.play(clock.now);
  const round = story.actors!.round!;
  const status = () => (round.getSnapshot() as { context: { data: { status: string } | null } }).context.data?.status;
  return { clock, story, duration, status };
}

describe('crash story', () => {
  it('walks a whole round to the crash point in the URL', () => {
    const { clock, story, duration, status } = run('scene=crash&crash=2.37&muted');
    expect(status()).toBe('starting');
    clock.advance(3_000);
    expect(status()).toBe('pending');
    clock.advance(600);
    expect(status()).toBe('in_progress');
    expect(story.reached()).toBe(false);
    clock.advance(duration - 3_600);
    expect(status()).toBe('ended');
    expect(story.reached()).toBe(true);
    expect(story.view()).toMatchObject({ phase: 'crashed', multiplier: 2.37, explosion: 1 });
  });

  it('joins the flight at t and flies on from there', () => {
    const { clock, story, duration, status } = run('scene=crash&crash=10&t=4000&muted');
    clock.setTimeout(() => {}, duration); // the page's end timer
    expect(status()).toBe('in_progress');
    clock.advance(0);
    expect(story.view()).toMatchObject({ phase: 'flying', elapsedMs: 4_000 });
    clock.skipToEnd();
    expect(story.reached()).toBe(true);
  });

  it('refuses a moment past the crash', () => {
    expect(() => storyFor(new URLSearchParams('scene=crash&crash=1.5&t=60000'))).toThrow(/t must be a number/);
    expect(() => storyFor(new URLSearchParams('scene=crash&status=new'))).toThrow(/status must be/);
  });
});

describe('wheel story', () => {
  it('spins and lands on the segment in the URL; a replay is a newer round', () => {
    const { clock, story, duration, status } = run('scene=wheel&segment=17&muted');
    clock.advance(duration - 1);
    expect(status()).toBe('ended');
    clock.advance(1);
    expect(story.reached()).toBe(true);
    expect(story.view()).toMatchObject({ segment: 17, landed: true, result: { segment: 17 } });
    clock.setTimeout(() => {}, story.play(clock.now)); // the page's end timer: what "Skip to end" jumps to
    clock.advance(5_000);
    expect(story.view()).toMatchObject({ phase: 'spinning', roundId: 2, result: null });
    clock.skipToEnd();
    expect(story.reached()).toBe(true);
  });

  it('joined at ended it rests on the segment at once', () => {
    const { story } = run('scene=wheel&segment=53&status=ended&muted');
    story.scene.update(0, 0);
    expect(story.reached()).toBe(true);
  });

  it('takes whole segments only', () => {
    expect(() => storyFor(new URLSearchParams('scene=wheel&segment=54'))).toThrow(/segment must be/);
    expect(() => storyFor(new URLSearchParams('scene=wheel&segment=2.5'))).toThrow(/segment must be/);
  });
});
