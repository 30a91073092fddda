// The ?inspect dev panel: the engine clock (pause, step one frame, speed, skip), every actor of the
// page (id, state value, a context summary, the events it accepts) and a form to send any event the
// machine accepts. A page with no actors yet says so. Each root
// actor's live machine children (Bounce's drops, an auto-bet) are listed under it as `root/child`,
// and every row keeps its last statuses in `data-trail` (oldest first), read from the actor
// system's inspection stream, so a status that lasts less than a frame is still seen.
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

const TRAIL = 8; // statuses kept per actor
const trails = new WeakMap<object, string[]>(); // actor → its last statuses (dropped with the actor)

/** A state value as one word: `"pending"` → pending, a nested value as JSON. */
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Records `actor`'s current state in its trail when it differs from the last entry. */
function record(actor: object, value: unknown): void {
  if (value === undefined) return; // not a machine (a promise, a callback)
  const trail = trails.get(actor) ?? [];
  const text = valueText(value);
  if (trail.at(-1) !== text) trail.push(text);
  if (trail.length > TRAIL) trail.shift();
  trails.set(actor, trail);
}

/** The statuses `actor` went through lately, oldest first. */
export function trailOf(actor: AnyActorRef): string[] {
  record(actor, (actor.getSnapshot() as { value?: unknown }).value);
  return trails.get(actor) ?? [];
}

/** The roots and their live machine children (`root/child`), in order. */
export function listActors(roots: Record<string, AnyActorRef>): [string, AnyActorRef][] {
  const out: [string, AnyActorRef][] = [];
  for (const [id, root] of Object.entries(roots)) {
    out.push([id, root]);
    const children = (root.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {};
    for (const [childId, child] of Object.entries(children))
      if (child && (child.getSnapshot() as { value?: unknown } | undefined)?.value !== undefined)
        out.push([`${id}/${childId}`, child]);
  }
  return out;
}

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
  const listed = listActors(actors);
  const actor = listed.find(([id]) => id === name)?.[1];
  const events = actor ? knownEvents(actor) : [];
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('{}');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const subs = Object.values(actors).map((a) => a.subscribe(() => refresh()));
    // every snapshot in the roots' systems (children included): trails, and a render (batched)
    const systems = new Set(Object.values(actors).map((a) => a.system as AnyActorRef['system']));
    const watches = [...systems].map((system) =>
      system.inspect((e) => {
        if (e.type !== '@xstate.snapshot') return;
        record(e.actorRef, (e.snapshot as { value?: unknown }).value);
        refresh();
      }),
    );
    const off = clock.subscribe(() => refresh());
    return () => {
      subs.forEach((s) => s.unsubscribe());
      watches.forEach((w) => w.unsubscribe());
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
            {listed.map(([id, a]) => (
              <li key={id} data-testid="dev-actor" data-actor={id} data-trail={trailOf(a).join(' ')}>
                <code>{id}</code>: {JSON.stringify((a.getSnapshot() as { value?: unknown }).value)} · accepts{' '}
                {acceptedNow(a).join(', ') || '—'}
              </li>
            ))}
          </ul>
          <label>
            Actor{' '}
            <select value={name} onChange={(e) => setName(e.target.value)}>
              {listed.map(([n]) => (
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
