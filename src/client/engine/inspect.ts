// The ?inspect flag: `?inspect` shows the in-app dev panel and connects actors to
// @statelyai/inspect (loaded lazily, never in normal play); `?inspect=panel` shows only the panel.
import type { InspectionEvent } from 'xstate';

/** Which inspection the URL asks for. */
export function inspectMode(
  search: string = typeof location === 'undefined' ? '' : location.search,
): 'off' | 'panel' | 'full' {
  const params = new URLSearchParams(search);
  if (!params.has('inspect')) return 'off';
  return params.get('inspect') === 'panel' ? 'panel' : 'full';
}

type Inspect = (event: InspectionEvent) => void;
let inspector: Promise<Inspect> | null = null;

/** An `inspect` option for createActor that forwards to the Stately inspector once it has loaded. */
export function statelyInspect(): Inspect | undefined {
  if (inspectMode() !== 'full') return undefined;
  inspector ??= import('@statelyai/inspect').then(
    ({ createBrowserInspector }) => createBrowserInspector({ autoStart: true }).inspect as Inspect,
  );
  const queue: InspectionEvent[] = [];
  let ready: Inspect | null = null;
  void inspector.then((fn) => {
    ready = fn;
    for (const e of queue.splice(0)) fn(e);
  });
  return (event) => (ready ? ready(event) : void queue.push(event));
}
