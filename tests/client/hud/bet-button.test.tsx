// The HUD kit's buttons in jsdom: one class per meaning, a wait state that cannot be clicked,
// type "button" unless a form submit is asked for, attributes (test ids, names) passed through.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { BetButton } from '../../../src/client/components/hud/bet-button.tsx';
import { HudButton } from '../../../src/client/components/hud/hud-button.tsx';

describe('BetButton', () => {
  it('draws each meaning with its class and clicks', () => {
    const onClick = vi.fn();
    render(
      <>
        <BetButton kind="bet" onClick={onClick} data-testid="bet">
          Bet
        </BetButton>
        <BetButton kind="cashout">Cash out @ $2.00</BetButton>
        <BetButton kind="stop" compact className="extra">
          Stop auto bet
        </BetButton>
      </>,
    );
    const bet = screen.getByRole<HTMLButtonElement>('button', { name: 'Bet' });
    expect(bet).toBe(screen.getByTestId('bet'));
    expect(bet.className).toBe('hud-bet hud-bet-bet');
    expect(bet.type).toBe('button');
    fireEvent.click(bet);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /Cash out/ }).className).toBe('hud-bet hud-bet-cashout');
    expect(screen.getByRole('button', { name: 'Stop auto bet' }).className).toBe(
      'hud-bet hud-bet-stop hud-bet-compact extra',
    );
  });

  it('is disabled while waiting and when told, and submits a form as type "submit"', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <BetButton kind="wait">Placing bet…</BetButton>
        <BetButton kind="bet" disabled>
          Off
        </BetButton>
        <BetButton kind="bet" type="submit">
          Go
        </BetButton>
      </form>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Placing bet…' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Off' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('HudButton', () => {
  it('is a type "button" with the kit class, its own class and aria attributes', () => {
    render(
      <form onSubmit={() => expect.unreachable('a HUD button never submits')}>
        <HudButton className="flip" aria-label="Switch over/under" aria-pressed>
          ⇄ Over
        </HudButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Switch over/under' });
    expect(button.className).toBe('hud-button flip');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
  });
});
