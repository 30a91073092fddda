// The HUD kit's auto-bet fields in jsdom: the input names the games and tests use, "{field} is not
// valid." under a bad field (and only there), the texts as numbers, the game's own count label.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import {
  AUTO_BET_START,
  AutoBetForm,
  autoBetErrors,
  autoBetNumbers,
  type AutoBetValues,
} from '../../../src/client/components/hud/auto-bet-form.tsx';

function Host({ countLabel, disabled }: { countLabel?: string; disabled?: boolean }) {
  const [values, setValues] = useState<AutoBetValues>(AUTO_BET_START);
  return (
    <>
      <AutoBetForm values={values} onChange={setValues} countLabel={countLabel} disabled={disabled} />
      <output data-testid="numbers">{JSON.stringify(autoBetNumbers(values))}</output>
    </>
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const numbers = () => JSON.parse(screen.getByTestId('numbers').textContent!) as Record<string, unknown>;

describe('AutoBetForm', () => {
  it('labels its five fields and starts at 10 bets, no stops, no change', () => {
    render(<Host />);
    expect(screen.getByLabelText<HTMLInputElement>('Number of bets (0 = no limit)')).toBe(input('auto-count'));
    expect(screen.getByLabelText('Stop on profit ($)')).toBe(input('auto-profit'));
    expect(screen.getByLabelText('Stop on loss ($)')).toBe(input('auto-loss'));
    expect(screen.getByLabelText('On win: change amount by %')).toBe(input('auto-win'));
    expect(screen.getByLabelText('On loss: change amount by %')).toBe(input('auto-loss-pct'));
    expect(input('auto-win').placeholder).toBe('reset');
    expect(numbers()).toEqual({ count: 10, stopOnProfit: null, stopOnLoss: null, onWinPct: null, onLossPct: null });
  });

  it('turns typed texts into the config numbers', () => {
    render(<Host />);
    fireEvent.change(input('auto-count'), { target: { value: '0' } });
    fireEvent.change(input('auto-profit'), { target: { value: '12.50' } });
    fireEvent.change(input('auto-loss'), { target: { value: '3' } });
    fireEvent.change(input('auto-win'), { target: { value: '-50' } });
    fireEvent.change(input('auto-loss-pct'), { target: { value: '100' } });
    expect(numbers()).toEqual({ count: 0, stopOnProfit: 12.5, stopOnLoss: 3, onWinPct: -50, onLossPct: 100 });
    expect(document.querySelectorAll('.hud-hint')).toHaveLength(0);
  });

  it('says "{field} is not valid." under each bad field and marks it invalid', () => {
    render(<Host />);
    fireEvent.change(input('auto-count'), { target: { value: '2.5' } });
    fireEvent.change(input('auto-profit'), { target: { value: '-1' } });
    fireEvent.change(input('auto-loss'), { target: { value: '1.234' } });
    fireEvent.change(input('auto-win'), { target: { value: '-101' } });
    fireEvent.change(input('auto-loss-pct'), { target: { value: 'x' } });
    const hints = [...document.querySelectorAll('.hud-hint')].map((p) => p.textContent);
    expect(hints).toEqual([
      'Number of bets is not valid.',
      'Stop on profit is not valid.',
      'Stop on loss is not valid.',
      'On win change is not valid.',
      'On loss change is not valid.',
    ]);
    expect(input('auto-count').getAttribute('aria-invalid')).toBe('true');
    expect(input('auto-count').getAttribute('aria-describedby')).toBe(document.querySelector('.hud-hint')!.id);
    fireEvent.change(input('auto-count'), { target: { value: '7' } });
    expect(input('auto-count').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Number of bets is not valid.')).toBeNull();
  });

  it("names the count by the game's label and disables every field", () => {
    render(<Host countLabel="Drops (0 = until stopped)" disabled />);
    const count = screen.getByLabelText<HTMLInputElement>('Drops (0 = until stopped)');
    expect(count.disabled).toBe(true);
    expect(input('auto-loss-pct').disabled).toBe(true);
    expect(autoBetErrors({ ...AUTO_BET_START, count: '' }, 'Drops (0 = until stopped)')).toEqual({
      count: 'Drops is not valid.',
    });
  });
});
