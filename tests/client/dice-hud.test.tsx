// The dice HUD in jsdom: linked target/chance/multiplier, over/under flip, bet params, hotkeys, auto config.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DiceHud, type DiceHudProps } from '../../src/client/games/dice/dice-hud.tsx';
import { computeFair } from '../../src/client/games/dice/fair-compute.ts';
import { verifyLink } from '../../src/client/games/dice/dice-links.ts';

vi.mock('howler', () => ({
  Howler: { volume: vi.fn(), mute: vi.fn() },
  Howl: class {
    play() {}
  },
}));

function setup(replaying = false) {
  const props: DiceHudProps = {
    busy: replaying,
    replaying,
    autoOn: false,
    onBet: vi.fn(),
    onAuto: vi.fn(),
    onStopAuto: vi.fn(),
    onSkip: vi.fn(),
    onChange: vi.fn(),
  };
  render(<DiceHud {...props} />);
  const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  return { props, input };
}

describe('DiceHud', () => {
  it('links target, chance and multiplier and bets with them', () => {
    const { props, input } = setup();
    expect(input('target').value).toBe('50.50');
    expect(input('chance').value).toBe('49.50');
    expect(input('multiplier').value).toBe('2.0000');
    fireEvent.change(input('chance'), { target: { value: '25' } });
    fireEvent.blur(input('chance'));
    expect(input('target').value).toBe('75.00');
    expect(input('multiplier').value).toBe('3.9600');
    fireEvent.change(input('multiplier'), { target: { value: '9.9' } });
    fireEvent.blur(input('multiplier'));
    expect(input('chance').value).toBe('10.00');
    fireEvent.click(screen.getByRole('button', { name: /switch over\/under/i }));
    expect(input('target').value).toBe('10.00');
    expect(input('chance').value).toBe('10.00');
    fireEvent.change(input('amount'), { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    expect(props.onBet).toHaveBeenCalledWith({ amount: 2.5, target: 10, direction: 'under' });
    expect(props.onChange).toHaveBeenLastCalledWith(10, 'under');
  });

  it('refuses out-of-range chances and amounts', () => {
    const { props, input } = setup();
    fireEvent.change(input('chance'), { target: { value: '99' } });
    expect(input('target').value).toBe('50.50');
    fireEvent.change(input('amount'), { target: { value: '5000' } });
    expect(screen.getByText(/Bet between/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    expect(props.onBet).not.toHaveBeenCalled();
  });

  it('hotkeys: D doubles, A halves, F flips, Space bets; Space skips while playing', () => {
    const { props, input } = setup();
    fireEvent.keyDown(window, { key: 'd' });
    expect(input('amount').value).toBe('2.00');
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.keyDown(window, { key: 'a' });
    expect(input('amount').value).toBe('0.50');
    fireEvent.keyDown(window, { key: 'f' });
    expect(input('target').value).toBe('49.50');
    fireEvent.keyDown(window, { code: 'Space', key: ' ' });
    expect(props.onBet).toHaveBeenCalledWith({ amount: 0.5, target: 49.5, direction: 'under' });
  });

  it('Space skips while the roll replays', () => {
    const { props } = setup(true);
    fireEvent.keyDown(window, { code: 'Space', key: ' ' });
    expect(props.onSkip).toHaveBeenCalled();
    expect(props.onBet).not.toHaveBeenCalled();
  });

  it('auto bet start', () => {
    const { props, input } = setup();
    fireEvent.change(input('auto-count'), { target: { value: '5' } });
    fireEvent.change(input('auto-profit'), { target: { value: '10' } });
    fireEvent.change(input('auto-loss-pct'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start auto bet' }));
    expect(props.onAuto).toHaveBeenCalledWith(
      { amount: 1, target: 50.5, direction: 'over' },
      { baseAmount: 1, count: 5, stopOnProfit: 10, stopOnLoss: null, onWinPct: null, onLossPct: 100 },
    );
  });
});

describe('provably-fair form and links', () => {
  const base = {
    game: 'dice' as const,
    server_seed: 'a'.repeat(64),
    server_seed_hash: '',
    client_seed: 'abc',
    nonce: '1',
    target: '50',
    direction: 'under',
    rows: '8',
    risk: 'low',
    segments: '10',
    hash: '',
    salt: '',
  };
  it('recomputes dice, plinko, wheel and crash like the CLI', () => {
    expect(computeFair(base)).toEqual({ game: 'dice', roll: 16.44, win: true, multiplier: 1.98 });
    expect(computeFair({ ...base, game: 'plinko' })).toEqual({
      game: 'plinko',
      path: 'LLLLLLRL',
      bucket: 1,
      multiplier: 2.1,
    });
    expect(computeFair({ ...base, game: 'segment-wheel', nonce: '2' })).toEqual({
      game: 'segment-wheel',
      index: 5,
      multiplier: 1.2,
    });
    expect(computeFair({ ...base, game: 'crash', hash: 'b'.repeat(64), salt: 's' })).toHaveProperty('crashPoint');
    expect(computeFair({ ...base, server_seed: '' })).toHaveProperty('error');
    expect(computeFair({ ...base, nonce: '-1' })).toHaveProperty('error');
    expect(computeFair({ ...base, game: 'plinko', rows: '7' })).toHaveProperty('error');
  });
  it('verify links carry the seeds', () => {
    const link = verifyLink({
      id: 1,
      roll: 1,
      win: true,
      multiplier: 2,
      payout: 2,
      target: 50.5,
      direction: 'over',
      nonce: 3,
      client_seed: 'a b&c',
      server_seed_hash: 'h',
      server_seed: 's',
    });
    expect(link).toBe(
      '/dice/provably-fair?game=dice&server_seed_hash=h&client_seed=a+b%26c&nonce=3&target=50.5&direction=over&server_seed=s',
    );
  });
});
