// A game's root actor for a React page: driven by the engine clock, connected to the inspector
// under ?inspect, and StrictMode-safe (useActorRef restarts a stopped actor on the second mount,
// where a hand-made createActor + start/stop effect would stay stopped and ignore every click).
import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom } from 'xstate';
import type { EngineClock } from './clock.ts';
import { statelyInspect } from './inspect.ts';

/** Creates and runs `machine` with `input` (read once, on the first render) on `clock`. */
export function useGameActor<M extends AnyStateMachine>(machine: M, clock: EngineClock, input: InputFrom<M>): Actor<M> {
  const [inspect] = useState(statelyInspect);
  // the options' conditional type does not narrow for a generic machine; this is that type
  return useActorRef(machine, { clock, inspect, input } as never) as Actor<M>;
}
