// The ?inspect dev panel: a page without machines shows the clock and says it has no actors; a page
// with actors lists each (id, state value, the events its state accepts), summarises the selected
// actor's context and follows its transitions; spawned machine children are listed under their root
// and every row keeps its recent statuses in data-trail.
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, setup, spawnChild } from 'xstate';
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

const ball = setup({}).createMachine({
  initial: 'falling',
  states: { falling: { on: { LAND: 'landed' } }, landed: {} },
});
const board = setup({ actors: { ball } }).createMachine({
  id: 'board',
  on: {
    DROP: {
      actions: spawnChild('ball', { id: ({ self }) => `drop-${Object.keys(self.getSnapshot().children).length + 1}` }),
    },
  },
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
    render(<DevPanel actors={{ round: a, crash: b }} clock={new EngineClock()} />);
    const rows = screen.getAllByTestId('dev-actor');
    expect(rows.map((r) => r.getAttribute('data-actor'))).toEqual(['round', 'crash']);
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

  it("lists spawned machine children under their root, and keeps each row's status trail", () => {
    const root = createActor(board).start();
    const a = createActor(machine).start();
    render(<DevPanel actors={{ board: root, bet: a }} clock={new EngineClock()} />);
    act(() => {
      root.send({ type: 'DROP' });
      root.send({ type: 'DROP' });
    });
    const ids = () => screen.getAllByTestId('dev-actor').map((r) => r.getAttribute('data-actor'));
    expect(ids()).toEqual(['board', 'board/drop-1', 'board/drop-2', 'bet']);
    const drop = root.getSnapshot().children['drop-1']!;
    act(() => drop.send({ type: 'LAND' }));
    const row = (id: string) => screen.getAllByTestId('dev-actor').find((r) => r.getAttribute('data-actor') === id)!;
    expect(row('board/drop-1').getAttribute('data-trail')).toBe('falling landed');
    act(() => {
      a.send({ type: 'BET' });
      a.send({ type: 'SKIP' }); // a status that lasted no render is still in the trail
    });
    expect(row('bet').getAttribute('data-trail')).toBe('idle playing idle');
    root.stop();
    a.stop();
  });
});
