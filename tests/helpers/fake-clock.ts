// A fake clock for the round loops (src/server/rounds/clock.ts): time moves only through advance(),
// which fires the due timers in order and awaits what each returns (a loop step's database work).
import type { Clock, TimerHandle } from '../../src/server/rounds/clock.ts';

interface Timer {
  id: number;
  at: number;
  fn: () => unknown;
}

/** A clock whose timers run when the test advances time. */
export class FakeClock implements Clock {
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(private time = 1_800_000_000_000) {}

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => unknown, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Moves time forward by `ms`, running every timer due on the way (in time order) to completion. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      await due.fn();
    }
    this.time = target;
  }

  /** Advances in steps of `stepMs` until `done()` holds (at most `maxMs`); throws when it never does. */
  async advanceUntil(done: () => boolean | Promise<boolean>, stepMs = 50, maxMs = 600_000): Promise<void> {
    for (let spent = 0; !(await done()); spent += stepMs) {
      if (spent >= maxMs) throw new Error(`condition not reached within ${maxMs} ms of fake time`);
      await this.advance(stepMs);
    }
  }
}
