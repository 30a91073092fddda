// Frame cost from a Chromium trace: the main thread's CPU time (the trace's thread clock, `tdur`)
// spent in requestAnimationFrame callbacks, summed per frame, for the frames that overlap a
// window between two performance marks. Thread time, not wall time: on a busy machine the
// renderer is descheduled mid-frame, which wall time would count and thread time does not.
import type { Page } from '@playwright/test';

/** One trace event as Chromium reports it (times in µs). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number; // thread (CPU) time
}

/** Records a trace of `page` while `during` runs; returns its events. */
export async function traceWhile(page: Page, during: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  try {
    await during();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return events;
}

/**
 * CPU ms of the animation-frame callbacks of each frame that overlaps a window from a `start`
 * mark to the next `end` mark (a window left open at the end of the trace is dropped).
 */
export function frameCostsBetween(events: TraceEvent[], start: string, end: string): number[] {
  const marks = events.filter((e) => e.name === start || e.name === end).sort((a, b) => a.ts - b.ts);
  if (!marks.length) return [];
  const { pid, tid } = marks[0]!; // the marks come from the page's main thread
  const windows: [number, number][] = [];
  let open: number | null = null;
  for (const m of marks) {
    if (m.name === start) open = m.ts;
    else if (open !== null) {
      windows.push([open, m.ts]);
      open = null;
    }
  }
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const callbacks = onMain.filter((e) => e.name === 'FireAnimationFrame');
  const perTask = new Map<TraceEvent, number>(); // a frame's callbacks run in one task
  for (const cb of callbacks) {
    if (cb.tdur === undefined) throw new Error('the trace has no thread time (tdur) for FireAnimationFrame');
    const task = tasks.find((t) => t.ts <= cb.ts && cb.ts < t.ts + (t.dur ?? 0));
    if (!task) continue;
    perTask.set(task, (perTask.get(task) ?? 0) + cb.tdur / 1000);
  }
  const costs: number[] = [];
  for (const [task, ms] of perTask) {
    const from = task.ts;
    const to = task.ts + (task.dur ?? 0);
    if (windows.some(([a, b]) => from <= b && to >= a)) costs.push(ms);
  }
  return costs;
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
