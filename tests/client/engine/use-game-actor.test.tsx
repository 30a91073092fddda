// useGameActor under React StrictMode (effects mount, unmount and mount again): the actor must
// still be running afterwards and answer events, and it gets the engine clock for its timers.
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { useGameActor } from '../../../src/client/engine/use-game-actor.ts';

const machine = setup({ types: { input: {} as { start: string } } }).createMachine({
  context: ({ input }) => ({ label: input.start }),
  initial: 'idle',
  states: {
    idle: { on: { GO: 'waiting' } },
    waiting: { after: { 1000: 'done' } }, // engine ms: fires only when the engine clock advances
    done: {},
  },
});

function Probe({ clock }: { clock: EngineClock }) {
  const actor = useGameActor(machine, clock, { start: 'ready' });
  const state = useSelector(actor, (s) => `${String(s.value)}:${s.context.label}`);
  return (
    <button type="button" onClick={() => actor.send({ type: 'GO' })}>
      {state}
    </button>
  );
}

describe('useGameActor', () => {
  it('survives StrictMode double mounting: events and delayed transitions on the engine clock still run', () => {
    const clock = new EngineClock();
    render(
      <StrictMode>
        <Probe clock={clock} />
      </StrictMode>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('idle:ready');
    act(() => button.click());
    expect(button.textContent).toBe('waiting:ready');
    act(() => clock.advance(999));
    expect(button.textContent).toBe('waiting:ready');
    act(() => clock.advance(1));
    expect(button.textContent).toBe('done:ready');
  });
});
