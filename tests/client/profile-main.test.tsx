// The profile main page's parts in jsdom: level progress, the stats panel and its biggest-win link,
// the password form's field errors, and a shipped avatar updating the signed-in player.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { levelPercent, ProfileStatsPanel } from '../../src/client/features/profile/profile-stats.tsx';
import { PasswordForm } from '../../src/client/features/profile/account-forms.tsx';
import { AvatarPicker } from '../../src/client/features/profile/avatar-picker.tsx';
import { useSession } from '../../src/client/stores/session.ts';

const kim = {
  id: 3,
  name: 'Kim',
  email: 'k@x.io',
  avatar_url: null,
  balance: 12.3,
  user_level: { level: 2 },
  created_at: '2026-01-01T00:00:00.000Z',
};
const calls: { url: string; init?: RequestInit }[] = [];

function stubFetch(answer: (url: string, init?: RequestInit) => Response) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }),
  );
}

describe('profile main page parts', () => {
  beforeEach(() => useSession.getState().setUser(kim));

  it('levelPercent: share of the way to the next level, 100 at the top', () => {
    expect(levelPercent({ level: 2, xp: 44, level_xp: 25, next_level_xp: 100 })).toBe(25);
    expect(levelPercent({ level: 1, xp: 0, level_xp: 0, next_level_xp: 25 })).toBe(0);
    expect(levelPercent({ level: 120, xp: 400_000, level_xp: 354_025, next_level_xp: null })).toBe(100);
  });

  it('shows the stats and links the biggest win to its fair check', async () => {
    const link = '/dice/provably-fair?game=dice&server_seed_hash=ab&client_seed=c&nonce=4&target=30.00&direction=over';
    stubFetch(() =>
      Response.json({
        data: {
          wagered: 1234.5,
          bets: 1200,
          openings: 7,
          biggest_win: { game: 'dice', amount: 98.1, title: 'Dice ×1.41', created_at: '2026-11-01T00:00:00Z', link },
          level: { level: 8, xp: 1234, level_xp: 1225, next_level_xp: 1600 },
        },
      }),
    );
    render(
      <MemoryRouter>
        <ProfileStatsPanel />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('stat-wagered')).textContent).toBe('$1,234.50');
    expect(screen.getByTestId('stat-bets').textContent).toBe('1,200');
    expect(screen.getByTestId('stat-openings').textContent).toBe('7');
    const win = screen.getByRole('link', { name: /\$98\.10 · Dice ×1\.41/ });
    expect(win.getAttribute('href')).toBe(link);
    expect(screen.getByTestId('level-progress').textContent).toContain('1,234 / 1,600 XP to level 9');
    expect(screen.getByRole('progressbar', { name: 'Progress to the next level' }).getAttribute('value')).toBe('2');
    expect(calls[0]!.url).toBe('/api/profile/stats');
  });

  it('shows the server’s field errors under the password fields', async () => {
    stubFetch(() =>
      Response.json(
        {
          message: 'The current password is incorrect.',
          msg: 'The current password is incorrect.',
          errors: { current_password: ['The current password is incorrect.'] },
        },
        { status: 422 },
      ),
    );
    render(<PasswordForm />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/profile/password');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({
      current_password: 'wrong',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
  });

  it('a shipped avatar is posted and becomes the player’s avatar', async () => {
    stubFetch(() =>
      Response.json({ msg: 'Your avatar has been changed.', data: { ...kim, avatar_url: '/img/avatars/owl.svg' } }),
    );
    const { rerender } = render(<AvatarPicker user={kim} />);
    expect(screen.getAllByRole('button', { name: /^Use the .* avatar$/ })).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Use the owl avatar' }));
    await waitFor(() => expect(useSession.getState().user?.avatar_url).toBe('/img/avatars/owl.svg'));
    expect(calls[0]!.url).toBe('/api/profile/avatar/preset');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ avatar: 'owl' });
    rerender(<AvatarPicker user={useSession.getState().user!} />);
    expect(screen.getByRole('button', { name: 'Use the owl avatar' }).getAttribute('aria-pressed')).toBe('true');
  });
});
