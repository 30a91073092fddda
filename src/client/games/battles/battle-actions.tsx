// The buttons a battle shows as they apply: Join (per team in team modes; with the page's invite code
// for a private battle), the add-bots picker (battle-bots.tsx) and Cancel for its creator, Leave for a
// joiner while it waits, Share link always (a private battle's with its code when the viewer has it),
// Replay once it ended.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isTeamMode, MODE_LAYOUT, seatTeam, type Battle } from '../../../shared/api/battles.ts';
import { errorText } from '../../lib/api.ts';
import { getCookie } from '../../lib/cookies.ts';
import { formatDollars } from '../../lib/format.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { useModals } from '../../stores/modals.ts';
import { addBots, cancelBattle, joinBattle, leaveBattle } from './battle-api.ts';
import { copyText, inviteLink } from './battle-invite.tsx';
import { AddBotsPicker } from './battle-bots.tsx';
import { mySeat } from './battle.state.ts';

/** Open seats per team (index = team). */
export function openSeatsByTeam(b: Battle): number[] {
  const open = Array.from({ length: MODE_LAYOUT[b.mode].teams }, () => 0);
  for (const s of b.seats) if (!s.user && !s.bot) open[seatTeam(b.mode, s.seat)]! += 1;
  return open;
}

/** The battle's action row. */
export function BattleActions({
  battle,
  userId,
  replaying,
  onReplay,
  onChanged,
  code,
}: {
  battle: Battle;
  userId: number | null;
  replaying: boolean;
  onReplay(): void;
  onChanged(): void;
  code?: string | null; // the invite code of the page's link
}) {
  const navigate = useNavigate();
  const show = useModals((s) => s.show);
  const [busy, setBusy] = useState(false);
  const signedIn = userId !== null || !!getCookie('token');
  const waiting = battle.status === 'waiting';
  const seated = mySeat(battle, userId) !== null;
  const creator = userId !== null && battle.seats[0]?.user?.id === userId; // the creator takes seat 0
  const open = openSeatsByTeam(battle);
  const openTotal = open.reduce((a, b) => a + b, 0);
  const teams = isTeamMode(battle.mode);

  const run = async (action: () => Promise<void>, after?: () => void) => {
    if (!signedIn) return show('login', false);
    setBusy(true);
    try {
      await action();
      onChanged();
      after?.();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const share = () =>
    copyText(inviteLink(battle, window.location.origin) ?? window.location.href, 'Battle link copied.');

  return (
    <div className="battle-actions" data-testid="battle-actions">
      {waiting &&
        !seated &&
        (teams
          ? open.map(
              (n, team) =>
                n > 0 && (
                  <button
                    key={team}
                    type="button"
                    className="btn btn-gradient"
                    data-testid="join-button"
                    disabled={busy}
                    onClick={() => void run(() => joinBattle(battle.id, team, code))}
                  >
                    Join Team {team + 1} for {formatDollars(battle.cost)}
                  </button>
                ),
            )
          : openTotal > 0 && (
              <button
                type="button"
                className="btn btn-gradient"
                data-testid="join-button"
                disabled={busy}
                onClick={() => void run(() => joinBattle(battle.id, undefined, code))}
              >
                Join for {formatDollars(battle.cost)}
              </button>
            ))}
      {waiting && creator && openTotal > 0 && (
        <AddBotsPicker
          battle={battle}
          open={open}
          busy={busy}
          onAdd={(count, team) => void run(() => addBots(battle.id, count, team))}
        />
      )}
      {waiting && creator && (
        <button
          type="button"
          className="btn btn-outline-gray"
          data-testid="cancel-button"
          disabled={busy}
          onClick={() =>
            void run(
              () => cancelBattle(battle.id),
              () => void navigate('/battles'),
            )
          }
        >
          Cancel battle
        </button>
      )}
      {waiting && seated && !creator && (
        <button
          type="button"
          className="btn btn-outline-gray"
          data-testid="leave-button"
          disabled={busy}
          onClick={() => void run(() => leaveBattle(battle.id))}
        >
          Leave battle (refund {formatDollars(battle.cost)})
        </button>
      )}
      {battle.status === 'ended' && (
        <button
          type="button"
          className="btn btn-outline"
          data-testid="replay-button"
          disabled={replaying}
          onClick={onReplay}
        >
          Replay
        </button>
      )}
      <button type="button" className="btn btn-sm" data-testid="share-button" onClick={() => void share()}>
        Share link
      </button>
    </div>
  );
}
