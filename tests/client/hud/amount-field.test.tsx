// The HUD kit's amount field in jsdom: ½ / 2× by the one rule and clamped to the game's limits,
// the message under it, the disabled state and the accessible names the browser tests use.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AmountField } from '../../../src/client/components/hud/amount-field.tsx';
import { betLimits, type BetLimits } from '../../../src/shared/games/bet-amount.ts';
import { CRASH_LIMITS } from '../../../src/shared/api/crash.ts';
import { DICE_LIMITS } from '../../../src/shared/api/dice.ts';

function Host({ start, limits, disabled }: { start: string; limits: BetLimits; disabled?: boolean }) {
  const [value, setValue] = useState(start);
  return <AmountField value={value} limits={limits} onChange={setValue} disabled={disabled} testId="amount" />;
}

function setup(start: string, limits = betLimits(DICE_LIMITS), disabled = false) {
  render(<Host start={start} limits={limits} disabled={disabled} />);
  const input = screen.getByLabelText<HTMLInputElement>('Bet amount');
  const half = () => fireEvent.click(screen.getByRole('button', { name: '½' }));
  const double = () => fireEvent.click(screen.getByRole('button', { name: '2×' }));
  return { input, half, double };
}

describe('AmountField', () => {
  it('is the amount input by label, name and test id', () => {
    const { input } = setup('1.00');
    expect(input.name).toBe('amount');
    expect(input.inputMode).toBe('decimal');
    expect(screen.getByTestId('amount')).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('½ floors to the cent and 2× doubles', () => {
    const { input, half, double } = setup('0.05');
    half();
    expect(input.value).toBe('0.02');
    double();
    double();
    expect(input.value).toBe('0.08');
    fireEvent.change(input, { target: { value: '2.55' } });
    half();
    expect(input.value).toBe('1.27');
  });

  it("clamps to the game's limits", () => {
    const { input, half, double } = setup('0.15', betLimits(CRASH_LIMITS));
    half();
    expect(input.value).toBe('0.10');
    fireEvent.change(input, { target: { value: '700' } });
    double();
    expect(input.value).toBe('1000.00');
    fireEvent.change(input, { target: { value: '' } });
    double();
    expect(input.value).toBe('0.10');
  });

  it('shows the message for an amount out of range or not an amount', () => {
    const { input } = setup('1.00', betLimits(CRASH_LIMITS));
    expect(screen.queryByTestId('amount-error')).toBeNull();
    fireEvent.change(input, { target: { value: '0.05' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('Bet between $0.10 and $1,000.00');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByTestId('amount-error').id);
    fireEvent.change(input, { target: { value: '1.234' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('Bet amount is not valid.');
    fireEvent.change(input, { target: { value: '3' } });
    expect(screen.queryByTestId('amount-error')).toBeNull();
  });

  it('disables the input and both buttons', () => {
    const { input } = setup('1.00', betLimits(DICE_LIMITS), true);
    expect(input.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '½' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '2×' }).disabled).toBe(true);
  });
});
