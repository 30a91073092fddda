// The held-funds notice (issue 24 item 6) in jsdom against a fake API: the server's sentence when
// something is held, nothing when nothing is or the call fails; the withdraw page shows it.
import { afterEach, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { HeldFundsNotice } from '../../../src/client/features/wallet/held-funds-notice.tsx';

const msg =
  '$5,500.00 of your deposits is held because it is over your daily deposit limit of $1,000.00. You can withdraw it now, or play it from 2026-05-02 11:00 UTC (as far as your deposit limits allow then).';

function mockHeld(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

it('shows what is held, that it can be withdrawn now and from when it can be played', async () => {
  const fetch = mockHeld(200, { data: { held: 5500, playable_from: '2026-05-02T11:00:00.000Z', msg } });
  render(<HeldFundsNotice />);
  expect((await screen.findByRole('status')).textContent).toBe(msg);
  expect(fetch.mock.calls[0]![0]).toBe('/api/wallet/held');
});

it('shows nothing when nothing is held or the call fails', async () => {
  const fetch = mockHeld(200, { data: { held: 0, playable_from: null, msg: null } });
  const { container, unmount } = render(<HeldFundsNotice />);
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  expect(container.innerHTML).toBe('');
  unmount();
  const failing = mockHeld(500, { message: 'Server error', msg: 'Server error' });
  const second = render(<HeldFundsNotice />);
  await waitFor(() => expect(failing).toHaveBeenCalled());
  await act(async () => {
    await failing.mock.results[0]!.value;
  });
  expect(second.container.innerHTML).toBe('');
});
