// The ?inspect dev panel: the engine clock (pause, step one frame, speed, skip), every actor of the
// page (id, state value, a context summary, the events it accepts) and a form to send any event the
// machine accepts. A page without machines yet (Bounce, battles) passes no actors and says so.
import { useEffect, useReducer, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { SPEEDS, type EngineClock } from './clock.ts';

/** Props: the actors to show and the clock they run on. */
export interface DevPanelProps {
  actors: Record<string, AnyActorRef>;
  clock: EngineClock;
}

const SUMMARY_CHARS = 120;

// One line per context key, without functions and class instances (input callbacks, the clock);
// long values cut, arrays by their length.
export function contextSummary(context: unknown): string {
  if (context === null || typeof context !== 'object') return JSON.stringify(context) ?? 'undefined';
  return Object.entries(context as Record<string, unknown>)
    .filter(([k, v]) => typeof v !== 'function' && k !== 'input' && k !== 'clock')
    .map(([k, v]) => {
      let text: string;
      try {
        text = Array.isArray(v) ? `[${v.length} items]` : (JSON.stringify(v) ?? 'undefined');
      } catch {
        text = '[unserialisable]';
      }
      return `${k}: ${text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text}`;
    })
    .join('\n');
}

const userEvent = (e: string) => !e.startsWith('xstate.') && e !== '*';

/** Every event type the actor's machine knows. */
function knownEvents(actor: AnyActorRef): string[] {
  const logic = (actor as unknown as { logic: { events?: string[] } }).logic;
  return (logic.events ?? []).filter(userEvent);
}

/** The event types the actor's current state has transitions for (xstate's active state nodes). */
export function acceptedNow(actor: AnyActorRef): string[] {
  const nodes = (actor.getSnapshot() as { _nodes?: { ownEvents?: string[] }[] })._nodes ?? [];
  return [...new Set(nodes.flatMap((n) => n.ownEvents ?? []))].filter(userEvent);
}

/** The panel. */
export function DevPanel({ actors, clock }: DevPanelProps) {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const [name, setName] = useState(Object.keys(actors)[0] ?? '');
  const actor = actors[name];
  const events = actor ? knownEvents(actor) : [];
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('{}');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const subs = Object.values(actors).map((a) => a.subscribe(() => refresh()));
    const off = clock.subscribe(() => refresh());
    return () => {
      subs.forEach((s) => s.unsubscribe());
      off();
    };
  }, [actors, clock]);

  const send = () => {
    try {
      const extra = JSON.parse(payload || '{}') as Record<string, unknown>;
      actor?.send({ ...extra, type: type || events[0] });
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const snap = actor?.getSnapshot() as { value?: unknown; context?: unknown } | undefined;

  return (
    <aside className="dev-panel" aria-label="Inspector" data-testid="dev-panel">
      <h2>Inspector</h2>
      <div className="dev-row">
        <span data-testid="clock-now">t = {clock.now.toFixed(1)} ms</span>
        <span>{clock.paused ? 'paused' : 'running'}</span>
        <button type="button" onClick={() => (clock.paused ? clock.resume() : clock.pause(), refresh())}>
          {clock.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" onClick={() => clock.step()}>
          Step frame
        </button>
        {SPEEDS.map((s) => (
          <button type="button" key={s} aria-pressed={clock.speed === s} onClick={() => (clock.setSpeed(s), refresh())}>
            ×{s}
          </button>
        ))}
        <button type="button" onClick={() => clock.skipToEnd()}>
          Skip to end
        </button>
      </div>
      {Object.keys(actors).length === 0 && ( // a story page (/dev/scenes), a game without machines yet
        <p className="muted" data-testid="dev-no-actors">
          No actors on this page yet.
        </p>
      )}
      {Object.keys(actors).length > 0 && (
        <>
          <ul className="dev-actors" aria-label="Actors" data-testid="dev-actors">
            {Object.entries(actors).map(([id, a]) => (
              <li key={id} data-testid="dev-actor" data-actor={id}>
                <code>{id}</code>: {JSON.stringify((a.getSnapshot() as { value?: unknown }).value)} · accepts{' '}
                {acceptedNow(a).join(', ') || '—'}
              </li>
            ))}
          </ul>
          <label>
            Actor{' '}
            <select value={name} onChange={(e) => setName(e.target.value)}>
              {Object.keys(actors).map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
          <p>
            State: <code data-testid="actor-state">{JSON.stringify(snap?.value)}</code>
          </p>
          <pre className="dev-context" data-testid="actor-context">
            {contextSummary(snap?.context)}
          </pre>
          <div className="dev-row">
            <select aria-label="Event" value={type} onChange={(e) => setType(e.target.value)}>
              {events.map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
            <input aria-label="Event payload (JSON)" value={payload} onChange={(e) => setPayload(e.target.value)} />
            <button type="button" onClick={send}>
              Send
            </button>
          </div>
          {error && <p role="alert">{error}</p>}
        </>
      )}
    </aside>
  );
}
