// The engine clock: the only time games see. It advances from the Pixi ticker (scaled by speed),
// can pause, step one frame and skip to the end; it is also XState's clock (setTimeout/clearTimeout
// on engine time) and seeks gsap timelines that were created paused.

/** Playback speeds a tester or player can pick. */
export const SPEEDS = [0.5, 1, 2] as const;
export type Speed = (typeof SPEEDS)[number];

/** One frame at 60 Hz, in ms. */
export const FRAME_MS = 1000 / 60;

interface Timer {
  id: number; // its key in the timers map
  at: number; // engine ms when it fires
  fn: () => void;
}

/** Anything with gsap's seek/pause (a Timeline or Tween). */
export interface Seekable {
  pause(): unknown;
  seek(time: number, suppressEvents?: boolean): unknown;
}

type Listener = (now: number, deltaMs: number) => void;

/** XState's clock interface (setTimeout/clearTimeout), which the engine clock implements. */
export interface Clock {
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Engine time in ms, owned by the game host. */
export class EngineClock implements Clock {
  now = 0; // engine ms since creation
  speed: Speed = 1; // multiplier applied to real time
  paused = false; // when true only step()/skipToEnd() move time
  private nextId = 1; // timer ids
  private readonly timers = new Map<number, Timer>();
  private readonly listeners = new Set<Listener>();

  /** Advances by real elapsed ms (from the ticker), scaled by speed; nothing while paused. */
  tick(realDeltaMs: number): void {
    if (this.paused || realDeltaMs <= 0) return;
    this.advance(Math.min(realDeltaMs, 250) * this.speed); // a long stall never jumps past 250 ms
  }

  /** Moves one frame (also while paused). */
  step(frameMs: number = FRAME_MS): void {
    this.advance(frameMs);
  }

  /** Jumps to the last pending timer (firing everything on the way): the end of the animation. */
  skipToEnd(): void {
    for (let guard = 0; guard < 100 && this.timers.size; guard++) {
      const last = Math.max(...[...this.timers.values()].map((t) => t.at));
      this.advance(Math.max(0, last - this.now));
    }
  }

  /** Moves engine time forward by `ms`, firing due timers in time order. */
  advance(ms: number): void {
    const target = this.now + ms;
    for (;;) {
      let due: Timer | null = null; // runs every frame: no [key, value] entries are made
      for (const timer of this.timers.values()) if (timer.at <= target && (!due || timer.at < due.at)) due = timer;
      if (!due) break;
      this.timers.delete(due.id);
      this.now = Math.max(this.now, due.at);
      due.fn();
    }
    const delta = target - this.now;
    this.now = target;
    for (const l of this.listeners) l(this.now, delta);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
  }

  /** XState clock: runs `fn` after `timeout` engine ms. */
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.now + Math.max(0, timeout), fn });
    return id;
  }

  /** XState clock: cancels a timer. */
  clearTimeout(id: unknown): void {
    this.timers.delete(id as number);
  }

  /** Pending timers (for the dev panel and tests). */
  get pending(): number {
    return this.timers.size;
  }

  /** Calls `listener` after each advance; returns an unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drives a gsap timeline from engine time (it is paused and seeked; wrap it with tween.ts's
   * `engineSeekable` so gsap's own ticker stays asleep); returns a release function. */
  drive(timeline: Seekable): () => void {
    timeline.pause();
    const start = this.now;
    timeline.seek(0, true);
    return this.subscribe((now) => void timeline.seek((now - start) / 1000, false));
  }
}
