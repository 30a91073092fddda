// The ?inspect flag. `?inspect=panel` shows the in-app dev panel only (no network: works offline);
// `?inspect` shows the same panel and also connects the game actors to the Stately inspector
// (@statelyai/inspect, loaded lazily, never in normal play), which opens stately.ai/inspect in a
// second window. Inspection never breaks the game: when the library cannot load, the window cannot
// open or the inspector page never answers (offline, blocked), the actors simply run unconnected.
import type { InspectionEvent, Observer } from 'xstate';

/** What the URL asks for: nothing, the dev panel, or the panel plus the Stately inspector. */
export type InspectMode = 'off' | 'panel' | 'full';

/** Which inspection the URL asks for. */
export function inspectMode(search: string = typeof location === 'undefined' ? '' : location.search): InspectMode {
  const params = new URLSearchParams(search);
  if (!params.has('inspect')) return 'off';
  return params.get('inspect') === 'panel' ? 'panel' : 'full';
}

type Forward = (event: InspectionEvent) => void;

/** Events an actor keeps while the inspector loads; older ones are dropped beyond this. */
export const MAX_QUEUED = 500;

let connection: Promise<Forward | null> | null = null;

/** Loads @statelyai/inspect and starts one browser inspector for the page; null when that fails. */
function connect(): Promise<Forward | null> {
  connection ??= import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      // 0.7: `inspect` is an Observer ({ next }), not a function
      const { inspect } = createBrowserInspector({ autoStart: true });
      return (event: InspectionEvent) => inspect.next?.(event);
    })
    .catch((e: unknown) => {
      console.warn('Stately inspector unavailable; the game runs without it.', e);
      return null;
    });
  return connection;
}

/** Forwards one event; an inspector error is reported once and never reaches the actor. */
function forwardSafely(forward: Forward, event: InspectionEvent): boolean {
  try {
    forward(event);
    return true;
  } catch (e) {
    console.warn('Stately inspector failed; no longer forwarding.', e);
    return false;
  }
}

/**
 * An `inspect` observer for createActor that forwards to the Stately inspector once it has loaded
 * (events before that are queued), or undefined unless the URL says `?inspect`.
 */
export function statelyInspect(): Observer<InspectionEvent> | undefined {
  if (inspectMode() !== 'full') return undefined;
  let queue: InspectionEvent[] | null = []; // null once the connection is settled
  let forward: Forward | null = null;
  void connect().then((fn) => {
    const pending = queue ?? [];
    queue = null;
    forward = fn;
    for (const event of pending) if (forward && !forwardSafely(forward, event)) forward = null;
  });
  return {
    next(event) {
      if (queue) {
        if (queue.push(event) > MAX_QUEUED) queue.shift();
      } else if (forward && !forwardSafely(forward, event)) forward = null;
    },
  };
}

/** Tests only: forget the loaded inspector so the next actor loads it again. */
export function resetStatelyInspect(): void {
  connection = null;
}
