// The ?inspect dev panel: a page without machines shows the clock and says it has no actors; a page
// with actors lists each (id, state value, the events its state accepts), summarises the selected
// actor's context and follows its transitions.
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { contextSummary, DevPanel } from '../../../src/client/engine/dev-panel.tsx';

const machine = setup({
  types: { context: {} as { amount: number; list: number[]; place: () => void } },
}).createMachine({
  id: 'bet',
  context: { amount: 5, list: [1, 2, 3], place: () => undefined },
  initial: 'idle',
  states: { idle: { on: { BET: 'playing' } }, playing: { on: { SKIP: 'idle', SETTLE: 'idle' } } },
});

describe('DevPanel', () => {
  it('without actors: the clock controls and "no actors on this page yet"', () => {
    render(<DevPanel actors={{}} clock={new EngineClock()} />);
    const panel = screen.getByTestId('dev-panel');
    expect(within(panel).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(within(panel).getByTestId('clock-now').textContent).toMatch(/^t = /);
    expect(within(panel).getByTestId('dev-no-actors').textContent).toMatch(/no actors on this page yet/i);
    expect(within(panel).queryByTestId('dev-actors')).toBeNull();
  });

  it('lists every actor with its state and accepted events, and follows transitions', () => {
    const a = createActor(machine).start();
    const b = createActor(machine).start();
    render(<DevPanel actors={{ round: a, rocket: b }} clock={new EngineClock()} />);
    const rows = screen.getAllByTestId('dev-actor');
    expect(rows.map((r) => r.getAttribute('data-actor'))).toEqual(['round', 'rocket']);
    expect(rows[0]!.textContent).toContain('"idle"');
    expect(rows[0]!.textContent).toContain('accepts BET');
    expect(screen.getByTestId('actor-state').textContent).toBe('"idle"');
    expect(screen.queryByTestId('dev-no-actors')).toBeNull();

    act(() => a.send({ type: 'BET' }));
    expect(screen.getByTestId('actor-state').textContent).toBe('"playing"');
    expect(screen.getAllByTestId('dev-actor')[0]!.textContent).toMatch(/"playing" · accepts SKIP, SETTLE/);
    a.stop();
    b.stop();
  });

  it('summarises the context: no functions, arrays by length, long values cut', () => {
    expect(
      contextSummary({ amount: 5, list: [1, 2, 3], place: () => undefined, clock: {}, note: 'x'.repeat(200) }),
    ).toBe(`amount: 5\nlist: [3 items]\nnote: "${'x'.repeat(119)}…`);
    expect(contextSummary(undefined)).toBe('undefined');
  });
});
