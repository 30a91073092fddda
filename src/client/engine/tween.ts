// gsap on engine time: timelines are created paused and only ever seeked — by `EngineClock.drive`
// or by a scene's update(now) — so a replay, a pause, a step or a skip in the dev panel shows the
// same picture at the same engine time. gsap's own ticker (a requestAnimationFrame loop it wakes on
// import and on every seek) is put back to sleep each time: no game animation plays on it.
import { gsap } from 'gsap/gsap-core'; // the core without CSSPlugin: ~8 KB gzip less
import type { Seekable } from './clock.ts';

/** Stops gsap's requestAnimationFrame loop (a seek wakes it; nothing of ours needs it). */
function sleepTicker(): void {
  gsap.ticker.sleep();
}
sleepTicker(); // gsap wakes its ticker when it loads

/** A new paused timeline (build it with .to/.fromTo, then seek it with `seekTimeline` or drive it). */
export function pausedTimeline(vars: gsap.TimelineVars = {}): gsap.core.Timeline {
  const timeline = gsap.timeline({ ...vars, paused: true });
  sleepTicker();
  return timeline;
}

/** Shows `timeline` at `seconds` (clamped to its span by gsap) without waking gsap's ticker. */
export function seekTimeline(timeline: gsap.core.Animation, seconds: number, suppressEvents = true): void {
  timeline.seek(seconds, suppressEvents);
  sleepTicker();
}

/** `timeline` as the engine clock's Seekable (for `clock.drive`), keeping gsap's ticker asleep. */
export function engineSeekable(timeline: gsap.core.Animation): Seekable {
  return {
    pause: () => {
      timeline.pause();
      sleepTicker();
    },
    seek: (seconds, suppressEvents) => seekTimeline(timeline, seconds, suppressEvents),
  };
}
