// The dice HUD selects every playable 2-decimal target: typing any of the 19,998 target/direction pairs
// (or its win chance) selects exactly that target in basis points; main skipped 2,292 of them silently.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DiceHud } from '../../src/client/games/dice/dice-hud.tsx';
import {
  typedChanceTargetBp,
  typedMultiplierTargetBp,
  typedTargetBp,
} from '../../src/client/games/dice/dice-target.ts';
import { diceBetBodySchema } from '../../src/shared/api/dice.ts';
import { diceTargetError, type DiceDirection } from '../../src/shared/fair/index.ts';

vi.mock('howler', () => ({
  Howler: { volume: vi.fn(), mute: vi.fn() },
  Howl: class {
    play() {}
  },
}));

const DIRECTIONS: DiceDirection[] = ['over', 'under'];
const text = (bp: number) => (bp / 100).toFixed(2);
const chanceBp = (bp: number, direction: DiceDirection) => (direction === 'under' ? bp : 10000 - bp);

describe('dice HUD targets in basis points', () => {
  it('every target and chance of the 19,998 pairs selects that target, and what it bets is valid', () => {
    const wrong: string[] = [];
    for (let bp = 1; bp <= 9999; bp++) {
      for (const direction of DIRECTIONS) {
        const chance = chanceBp(bp, direction);
        const expected = chance >= 1 && chance <= 9800 ? bp : null;
        const byTarget = typedTargetBp(text(bp), direction);
        const byChance = typedChanceTargetBp(text(chance), direction);
        if (byTarget !== expected) wrong.push(`target ${text(bp)} ${direction} → ${byTarget}`);
        if (byChance !== expected) wrong.push(`chance ${text(chance)} ${direction} → ${byChance}`);
        if (expected === null) continue;
        const target = expected / 100; // what the HUD sends
        if (
          !diceBetBodySchema.safeParse({ amount: 1, target, direction }).success ||
          diceTargetError(target, direction)
        )
          wrong.push(`bets ${target} ${direction}: refused`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('a multiplier selects the chance 99 / multiplier', () => {
    expect(typedMultiplierTargetBp('9.9', 'over')).toBe(9000);
    expect(typedMultiplierTargetBp('87.6106', 'under')).toBe(113);
    expect(typedMultiplierTargetBp('1', 'over')).toBeNull();
    expect(typedMultiplierTargetBp('abc', 'over')).toBeNull();
  });

  it('the rendered HUD bets 1.13 under and 2.20 over (skipped before)', () => {
    const onBet = vi.fn();
    render(
      <DiceHud
        busy={false}
        replaying={false}
        autoOn={false}
        onBet={onBet}
        onAuto={vi.fn()}
        onStopAuto={vi.fn()}
        onSkip={vi.fn()}
        onChange={vi.fn()}
      />,
    );
    const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    fireEvent.change(input('target'), { target: { value: '2.20' } });
    fireEvent.blur(input('target'));
    expect(input('chance').value).toBe('97.80');
    fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    expect(onBet).toHaveBeenLastCalledWith({ amount: 1, target: 2.2, direction: 'over' });
    fireEvent.click(screen.getByRole('button', { name: /switch over\/under/i }));
    fireEvent.change(input('chance'), { target: { value: '1.13' } });
    fireEvent.blur(input('chance'));
    expect(input('target').value).toBe('1.13');
    expect(input('multiplier').value).toBe('87.6106');
    fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    expect(onBet).toHaveBeenLastCalledWith({ amount: 1, target: 1.13, direction: 'under' });
  });
});
