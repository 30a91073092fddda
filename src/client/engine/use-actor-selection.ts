// A value selected from an actor's snapshots for React, updated in a transition. The engine clock
// fires the machines' timers inside the animation frame (a roll settles there); a plain
// useSelector would re-render the page synchronously in that frame's microtasks, while a
// transition renders in React's own tasks between frames, interruptible. For what the player reads
// (phase, result), not for what must be exact in the same frame (the scene reads the actor itself).
import { startTransition, useEffect, useRef, useState } from 'react';

/** What this needs from an actor. */
interface Observable<S> {
  getSnapshot(): S;
  subscribe(fn: (snapshot: S) => void): { unsubscribe(): void };
}

/** `select(snapshot)` now, re-rendered in a transition when it changes (compared with Object.is). */
export function useActorSelection<S, T>(actor: Observable<S>, select: (snapshot: S) => T): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const [value, setValue] = useState(() => select(actor.getSnapshot()));
  useEffect(() => {
    const sync = (snapshot: S) => {
      const next = selectRef.current(snapshot);
      startTransition(() => setValue(() => next));
    };
    sync(actor.getSnapshot());
    const sub = actor.subscribe(sync);
    return () => sub.unsubscribe();
  }, [actor]);
  return value;
}
