// The bets archive on /profile: every settled bet in every game (GET /api/profile/bets), filtered by
// game, result and day, a page at a time, each linking to the page that verifies it.
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { getProfileBets, type BetsFilters } from '../../lib/api/profile.ts';
import { HudSelect } from '../../components/hud/hud-select.tsx';
import { HudInput } from '../../components/hud/hud-input.tsx';
import { GAME_NAMES } from '../../../shared/games/game-names.ts';
import { ReplayLink, ShareToChat, shareMessage } from '../replay/index.ts';
import { Pager } from './pager.tsx';
import { TableHead } from '../../components/ui/table-head.tsx';

const PER_PAGE = 10;
const GAME_OPTIONS = [
  { value: '', label: 'All games' },
  ...Object.entries(GAME_NAMES).map(([value, label]) => ({ value, label })),
];
const RESULT_OPTIONS = [
  { value: '', label: 'Wins and losses' },
  { value: 'win', label: 'Wins' },
  { value: 'loss', label: 'Losses' },
];

/** The bet history panel. */
export function ProfileBets() {
  const [filters, setFilters] = useState<BetsFilters>({ game: '', result: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const { data, error } = useApiData(getProfileBets, [filters, page, PER_PAGE]);
  const filter = (key: keyof BetsFilters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1); // a new filter starts at its first page
  };
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.per_page)) : 1;
  return (
    <section className="profile-panel profile-bets" data-testid="profile-bets" aria-labelledby="bets-title">
      <h2 id="bets-title">Bet history</h2>
      <div className="bets-filters">
        <HudSelect label="Game" name="game" options={GAME_OPTIONS} value={filters.game} onChange={filter('game')} />
        <HudSelect
          label="Result"
          name="result"
          options={RESULT_OPTIONS}
          value={filters.result}
          onChange={filter('result')}
        />
        <HudInput label="From" type="date" value={filters.from} onChange={(e) => filter('from')(e.target.value)} />
        <HudInput label="To" type="date" value={filters.to} onChange={(e) => filter('to')(e.target.value)} />
      </div>
      {error && <p role="alert">Bets could not be loaded.</p>}
      {!data && !error && <p className="muted">Loading...</p>}
      {data && data.data.length === 0 && <p className="muted">No bets match.</p>}
      {data && data.data.length > 0 && (
        <div className="bets-scroll">
          <table className="bets-table">
            <TableHead columns={['Date', 'Game', 'Bet', 'Stake', 'Payout', 'Verify', 'Replay']} />
            <tbody>
              {data.data.map((b) => (
                <tr key={`${b.game}:${b.id}`} data-testid="bet-row" data-game={b.game} data-result={b.result}>
                  <td>{formatDateTime(new Date(b.created_at))}</td>
                  <td>{GAME_NAMES[b.game]}</td>
                  <td>{b.title}</td>
                  <td>{formatDollars(b.stake)}</td>
                  <td className={b.result === 'win' ? 'bet-win' : 'bet-loss'}>
                    {formatDollars(b.payout)} <span className="sr-only">{b.result === 'win' ? 'won' : 'lost'}</span>
                  </td>
                  <td>
                    <Link to={b.link}>{b.game === 'battle' ? 'Open' : 'Verify'}</Link>
                  </td>
                  <td className="bets-replay">
                    <ReplayLink game={b.game} id={b.id} />{' '}
                    <ShareToChat small game={b.game} id={b.id} message={shareMessage(b.title, b.stake, b.payout)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label="Bet history pages" />
    </section>
  );
}
