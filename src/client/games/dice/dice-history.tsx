// Bet history under the game: my bets and everyone's recent bets, each with a verify link.
// Recent bets arrive live on the public channel dice-bets; both lists reload after each of my bets.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, errorText } from '../../lib/api.ts';
import { DICE_BET_EVENT, DICE_CHANNEL, type DiceHistoryItem } from '../../../shared/api/dice.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { verifyLink } from './dice-links.ts';

/** Props: `version` changes after each settled bet or seed rotation (refetch). */
export function DiceHistory({ version, signedIn }: { version: number; signedIn: boolean }) {
  const [tab, setTab] = useState<'mine' | 'recent'>(signedIn ? 'mine' : 'recent');
  const [rows, setRows] = useState<DiceHistoryItem[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const url = tab === 'mine' ? '/api/dice/bets?limit=20' : '/api/dice/bets/recent?limit=20';
      setRows((await api<{ data: DiceHistoryItem[] }>('GET', url)).data);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [tab]);

  useEffect(() => {
    void load();
  }, [load, version]);

  useEffect(() => {
    if (tab !== 'recent') return;
    return onPublicEvent(
      DICE_BET_EVENT,
      (data) => {
        const bet = data as DiceHistoryItem;
        setRows((prev) => [bet, ...prev.filter((r) => r.id !== bet.id)].slice(0, 20));
      },
      DICE_CHANNEL,
    );
  }, [tab]);

  return (
    <section className="dice-history" aria-label="Bet history">
      <div role="tablist">
        {signedIn && (
          <button type="button" role="tab" aria-selected={tab === 'mine'} onClick={() => setTab('mine')}>
            My bets
          </button>
        )}
        <button type="button" role="tab" aria-selected={tab === 'recent'} onClick={() => setTab('recent')}>
          Recent bets
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>Player</th>
            <th>Bet</th>
            <th>Target</th>
            <th>Roll</th>
            <th>Multiplier</th>
            <th>Payout</th>
            <th>Fair</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.id} data-testid="bet-row" className={b.win ? 'win' : 'lose'}>
              <td>{b.user.name}</td>
              <td>${b.amount.toFixed(2)}</td>
              <td>
                {b.direction === 'over' ? '>' : '<'} {b.target.toFixed(2)}
              </td>
              <td data-testid="bet-roll">{b.roll.toFixed(2)}</td>
              <td>{b.multiplier.toFixed(4)}×</td>
              <td>${b.payout.toFixed(2)}</td>
              <td>
                <Link to={verifyLink(b)}>Verify</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!rows.length && <p className="muted">No bets yet.</p>}
    </section>
  );
}
