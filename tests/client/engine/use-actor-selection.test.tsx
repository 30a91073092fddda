// useActorSelection: a machine step taken on the engine clock (as inside an animation frame)
// does not re-render React synchronously; the selected value arrives in a transition afterwards,
// and an unchanged selection does not re-render at all.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { useActorSelection } from '../../../src/client/engine/use-actor-selection.ts';

const machine = setup({}).createMachine({
  initial: 'playing',
  states: { playing: { after: { 1000: 'settled' } }, settled: {} },
});

let renders = 0;
function Phase({ actor }: { actor: ReturnType<typeof createActor<typeof machine>> }) {
  renders++;
  const phase = useActorSelection(actor, (s) => String(s.value));
  return <p>{phase}</p>;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useActorSelection', () => {
  it('renders the new selection in a later task than the clock step that changed it', async () => {
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false; // schedule as in a browser: act() would flush everything at once
    try {
      const clock = new EngineClock();
      const actor = createActor(machine, { clock }).start();
      render(<Phase actor={actor} />);
      const text = () => screen.getByRole('paragraph').textContent;
      await waitFor(() => expect(text()).toBe('playing'));
      const before = renders;
      clock.advance(500); // no change of the selection: nothing renders
      await settle(20);
      expect(renders).toBe(before);
      clock.advance(600); // the machine settles inside this step (as inside an animation frame)
      await Promise.resolve(); // the frame's microtasks: a synchronous store update would have rendered here
      await Promise.resolve();
      expect(text()).toBe('playing');
      await waitFor(() => expect(text()).toBe('settled')); // in React's own task, however busy the machine

      actor.stop();
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
