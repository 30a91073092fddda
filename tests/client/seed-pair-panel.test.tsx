// The shared seed pair panel in jsdom against a stubbed fetch answering the real API shapes (each answer
// is parsed with the shared zod schemas): hashes and nonce shown, rotate reveals the old seed and lists
// it in the history, a client seed change posts the trimmed seed, a refused seed shows the server's msg.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SeedPairPanel } from '../../src/client/components/fair/seed-pair-panel.tsx';
import { rotateSchema, seedsSchema, type RevealedPair, type Seeds } from '../../src/shared/api/fair.ts';

const hex = (c: string) => c.repeat(64);
const calls: { url: string; method: string; body: unknown }[] = [];
let seeds: Seeds;

/** A small fake of /api/fair/*: rotate reveals the active seed and promotes the committed next one. */
function stubServer() {
  let n = 0;
  const secret = new Map<string, string>([
    [hex('a'), hex('1')],
    [hex('b'), hex('2')],
  ]);
  seeds = { server_seed_hash: hex('a'), client_seed: 'lucky', nonce: 3, next_server_seed_hash: hex('b'), previous: [] };
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(String(init.body)) as { client_seed?: string }) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      if (url === '/api/fair/seeds') return Response.json({ data: seedsSchema.parse(seeds) });
      if (url === '/api/fair/rotate') {
        const previous: RevealedPair = {
          server_seed: secret.get(seeds.server_seed_hash)!,
          server_seed_hash: seeds.server_seed_hash,
          client_seed: seeds.client_seed,
          nonce: seeds.nonce,
          revealed_at: '2026-11-20T10:00:00.000Z',
        };
        const fresh = hex(String.fromCharCode(99 + n++));
        secret.set(fresh, hex(String(3 + n)));
        const current = { server_seed_hash: seeds.next_server_seed_hash, client_seed: seeds.client_seed, nonce: 0 };
        seeds = { ...current, next_server_seed_hash: fresh, previous: [previous, ...seeds.previous] };
        return Response.json({
          data: rotateSchema.parse({ previous, current: { ...current, next_server_seed_hash: fresh } }),
        });
      }
      if (url === '/api/fair/client-seed') {
        if (!/^[\x21-\x7e]{1,64}$/.test(body?.client_seed ?? ''))
          return Response.json(
            {
              message: 'The given data was invalid.',
              msg: 'The client seed must be 1 to 64 visible ASCII characters (no spaces).',
            },
            { status: 422 },
          );
        seeds = { ...seeds, client_seed: body!.client_seed! };
        return Response.json({ data: seedsSchema.parse(seeds) });
      }
      return Response.json({ message: 'Not found', msg: 'Not found' }, { status: 404 });
    }),
  );
}

describe('SeedPairPanel', () => {
  beforeEach(stubServer);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the pair, rotates (revealing the seed into the history) and tells the page', async () => {
    const onChange = vi.fn();
    render(<SeedPairPanel onChange={onChange} />);
    expect(await screen.findByTestId('server-seed-hash')).toHaveProperty('textContent', hex('a'));
    expect(screen.getByTestId('next-server-seed-hash').textContent).toBe(hex('b'));
    expect(screen.getByTestId('nonce').textContent).toBe('3');
    expect(screen.getByLabelText('Client seed')).toHaveProperty('value', 'lucky');
    expect(screen.queryByTestId('seed-history')).toBeNull();
    expect(screen.getByText(/None yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    await waitFor(() => expect(screen.getByTestId('revealed-seed').textContent).toContain(hex('1')));
    expect(screen.getByTestId('revealed-seed').textContent).toContain('(3 bets)');
    expect(screen.getByTestId('server-seed-hash').textContent).toBe(hex('b'));
    expect(screen.getByTestId('nonce').textContent).toBe('0');
    expect(screen.getByTestId('next-server-seed-hash').textContent).toBe(hex('c'));
    const rows = screen.getAllByTestId('seed-history-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('seed-history-seed').textContent).toBe(hex('1'));
    expect(rows[0]!.textContent).toContain('3 bets');
    expect(rows[0]!.textContent).toContain(hex('a'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url === '/api/fair/rotate')).toEqual([
      { url: '/api/fair/rotate', method: 'POST', body: {} },
    ]);

    // A second rotation lists the newest revealed pair first.
    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    await waitFor(() => expect(screen.getAllByTestId('seed-history-row')).toHaveLength(2));
    expect(screen.getAllByTestId('seed-history-seed').map((e) => e.textContent)).toEqual([hex('2'), hex('1')]);
  });

  it('changes the client seed (trimmed) and shows a refused one’s message', async () => {
    render(<SeedPairPanel collapsible />);
    const input = await screen.findByLabelText('Client seed');
    expect(screen.getByText('Fairness: your seeds').tagName).toBe('SUMMARY');
    fireEvent.change(input, { target: { value: '  my-seed-42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change client seed' }));
    await waitFor(() => expect(screen.getByTestId('client-seed').textContent).toBe('my-seed-42'));
    expect(screen.getByRole('status').textContent).toBe('Client seed changed.');
    expect(calls.at(-1)).toEqual({ url: '/api/fair/client-seed', method: 'POST', body: { client_seed: 'my-seed-42' } });

    fireEvent.change(input, { target: { value: 'has space' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change client seed' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The client seed must be 1 to 64 visible ASCII characters (no spaces).',
    );
    expect(screen.getByTestId('client-seed').textContent).toBe('my-seed-42');
  });

  it('refetches when the version changes (after a bet)', async () => {
    const view = render(<SeedPairPanel version={0} />);
    expect((await screen.findByTestId('nonce')).textContent).toBe('3');
    seeds = { ...seeds, nonce: 4 };
    view.rerender(<SeedPairPanel version={1} />);
    await waitFor(() => expect(screen.getByTestId('nonce').textContent).toBe('4'));
    expect(calls.filter((c) => c.url === '/api/fair/seeds')).toHaveLength(2);
  });
});
