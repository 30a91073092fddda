// Upgrade client pieces in jsdom: the HUD (stake picking, chance, target range, submit), the
// machine on the engine clock ending exactly on the server's roll, verify links and the fair form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { UpgradeHud, type UpgradeHudProps } from '../../../src/client/games/upgrade/upgrade-hud.tsx';
import {
  upgradeMachine,
  upgradeRequest,
  type UpgradeResult,
} from '../../../src/client/games/upgrade/upgrade.machine.ts';
import { upgradeVerifyLink } from '../../../src/client/games/upgrade/upgrade-links.ts';
import { computeUpgradeFair, commitmentMatches } from '../../../src/client/games/upgrade/upgrade-fair.ts';
import { upgradeScript } from '../../../src/shared/games/upgrade/upgrade.script.ts';
import { sampleUpgrade } from '../../../src/shared/games/upgrade/upgrade.sample.ts';
import { sha256Hex } from '../../../src/shared/fair/index.ts';

vi.mock('howler', () => ({
  Howler: { volume: vi.fn(), mute: vi.fn() },
  Howl: class {
    play() {}
  },
}));
const calls: string[] = [];
vi.mock('../../../src/client/lib/api.ts', () => ({
  api: vi.fn(async (_method: string, path: string) => {
    calls.push(path);
    const product = (id: number, name: string, price: number) => ({
      id,
      slug: `p${id}`,
      name,
      category: 'gaming',
      rarity: 'rare',
      img_url: `/img/${id}.svg`,
      price,
      sale_price: price * 0.9,
      sizes: [],
    });
    if (path.startsWith('/api/inventory')) {
      return {
        data: [10, 11].map((id) => ({
          id,
          status: 'owned',
          price: id === 10 ? 189 : 35,
          sale_price: 1,
          size: null,
          source: 'box',
          created_at: '',
          product: product(id, id === 10 ? 'Runner' : 'Cap', id === 10 ? 189 : 35),
        })),
        total_value: 0,
        owned_count: 2,
        meta: { page: 1, per_page: 100, total: 2 },
      };
    }
    return {
      data: [product(36, 'Nova Phone', 999), product(37, 'Console', 250)],
      rules: { edge: 5, min_chance: 1, max_chance: 75, max_items: 10 },
    };
  }),
  errorText: (e: unknown) => String(e),
}));

afterEach(() => void calls.splice(0));

function setup(replaying = false) {
  const props: UpgradeHudProps = {
    busy: replaying,
    replaying,
    version: 0,
    onUpgrade: vi.fn(),
    onSkip: vi.fn(),
    onChance: vi.fn(),
  };
  render(<UpgradeHud {...props} />);
  return props;
}

describe('UpgradeHud', () => {
  it('stakes picked items (+ balance) into a target with the shared chance, and asks only for reachable targets', async () => {
    const props = setup();
    const items = await screen.findAllByTestId('upgrade-item');
    expect(screen.getByTestId('upgrade-button')).toHaveProperty('disabled', true);
    fireEvent.click(items[0]!); // $189 runner
    await waitFor(() => expect(calls.at(-1)).toBe('/api/upgrade/targets?limit=48&min_price=189.01&max_price=17955'));
    fireEvent.click((await screen.findAllByTestId('upgrade-target'))[0]!); // $999 phone
    expect(screen.getByTestId('upgrade-chance').textContent).toBe('17.97%');
    expect(props.onChance).toHaveBeenLastCalledWith(17.97);
    fireEvent.change(document.querySelector('input[name="balance"]')!, { target: { value: '10.50' } });
    expect(screen.getByTestId('upgrade-chance').textContent).toBe('18.97%'); // floor(19950 × 9500 / 99900) = 1897 bp
    fireEvent.click(screen.getByTestId('upgrade-button'));
    expect(props.onUpgrade).toHaveBeenCalledWith({ amount: 10.5, item_ids: [10], target_product_id: 36 });
    expect(upgradeRequest({ amount: 10.5, item_ids: [10], target_product_id: 36 })).toEqual({
      item_ids: [10],
      balance: 10.5,
      target_product_id: 36,
    });
  });

  it('shows the cap and refuses a target not dearer than the stake', async () => {
    const props = setup();
    fireEvent.click((await screen.findAllByTestId('upgrade-item'))[0]!);
    const targets = await screen.findAllByTestId('upgrade-target');
    fireEvent.click(targets[1]!); // $250 console: raw 71.82%
    expect(screen.getByTestId('upgrade-chance').textContent).toBe('71.82%');
    fireEvent.click(screen.getAllByTestId('upgrade-item')[1]!); // + $35 cap → raw 85.12% → 75%
    expect(screen.getByTestId('upgrade-chance').textContent).toBe('75.00%');
    expect(screen.getByText(/capped at 75%/)).toBeTruthy();
    fireEvent.change(document.querySelector('input[name="balance"]')!, { target: { value: '100' } });
    expect(screen.getByText('The target must be worth more than your stake.')).toBeTruthy();
    expect(screen.getByTestId('upgrade-button')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('upgrade-button'));
    expect(props.onUpgrade).not.toHaveBeenCalled();
  });

  it('the button skips while the needle spins', async () => {
    const props = setup(true);
    expect(screen.getByTestId('upgrade-button').textContent).toBe('Skip');
    fireEvent.click(screen.getByTestId('upgrade-button'));
    expect(props.onSkip).toHaveBeenCalled();
    await screen.findAllByTestId('upgrade-item');
  });
});

describe('upgrade machine', () => {
  it('plays the script for its duration on the engine clock and settles on the server roll', async () => {
    const clock = new EngineClock();
    const outcome = { roll: 16.440096078440547, chance: 17.97, win: true };
    const script = upgradeScript(outcome, 80);
    const result = { win: true, payout: 999, balance: 0, script, upgrade: {} as UpgradeResult['upgrade'] };
    const actor = createActor(upgradeMachine, {
      clock,
      input: { clock, placeBet: async () => result, durationOf: (r: UpgradeResult) => r.script.durationMs },
    }).start();
    actor.send({ type: 'BET', params: { amount: 0, item_ids: [1], target_product_id: 2 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('pending');
    const startedAt = actor.getSnapshot().context.startedAt;
    clock.advance(script.durationMs - 1);
    expect(actor.getSnapshot().value).toBe('in_progress');
    expect(actor.getSnapshot().hasTag('replaying')).toBe(true);
    clock.advance(1);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(sampleUpgrade(actor.getSnapshot().context.result!.script, clock.now - startedAt)).toMatchObject({
      needle: outcome.roll,
      win: true,
      done: true,
    });
  });
});

describe('verify link and fair form', () => {
  it('a history link prefills the form, which recomputes the CLI result', () => {
    const link = upgradeVerifyLink({
      server_seed_hash: sha256Hex('a'.repeat(64)),
      client_seed: 'abc',
      nonce: 1,
      chance: 17.97,
      server_seed: 'a'.repeat(64),
    });
    const q = new URL(link, 'http://x').searchParams;
    expect(link.startsWith('/upgrade/provably-fair?')).toBe(true);
    const form = {
      server_seed: q.get('server_seed')!,
      server_seed_hash: q.get('server_seed_hash')!,
      client_seed: q.get('client_seed')!,
      nonce: q.get('nonce')!,
      chance: q.get('chance')!,
    };
    expect(computeUpgradeFair(form)).toEqual({ game: 'upgrade', roll: 16.440096078440547, win: true });
    expect(commitmentMatches(form)).toBe(true);
    expect(commitmentMatches({ ...form, server_seed_hash: 'b'.repeat(64) })).toBe(false);
    expect(computeUpgradeFair({ ...form, chance: '16.44' })).toEqual({
      game: 'upgrade',
      roll: 16.440096078440547,
      win: false,
    });
    expect(computeUpgradeFair({ ...form, server_seed: '' })).toHaveProperty('error');
    expect(computeUpgradeFair({ ...form, nonce: '-1' })).toHaveProperty('error');
    expect(computeUpgradeFair({ ...form, chance: '101' })).toHaveProperty('error');
    expect(
      new URL(
        upgradeVerifyLink({ server_seed_hash: 'h', client_seed: 'c', nonce: 2, chance: 5, server_seed: null }),
        'http://x',
      ).searchParams.has('server_seed'),
    ).toBe(false);
  });
});

describe('UpgradeHud balance field', () => {
  it('refuses more than 2 decimals or a negative amount', async () => {
    const props = setup();
    fireEvent.click((await screen.findAllByTestId('upgrade-item'))[0]!);
    fireEvent.click((await screen.findAllByTestId('upgrade-target'))[0]!);
    for (const bad of ['1.005', '-1', 'abc']) {
      fireEvent.change(document.querySelector('input[name="balance"]')!, { target: { value: bad } });
      expect(screen.getByText('Enter dollars with up to 2 decimals.')).toBeTruthy();
      fireEvent.click(screen.getByTestId('upgrade-button'));
    }
    expect(props.onUpgrade).not.toHaveBeenCalled();
    fireEvent.change(document.querySelector('input[name="balance"]')!, { target: { value: '0.07' } });
    expect(screen.queryByText('Enter dollars with up to 2 decimals.')).toBeNull();
  });
});
