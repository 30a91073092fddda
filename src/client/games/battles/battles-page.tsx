// /battles: open, running and recently ended battles (mode, boxes, seat price, seats, status), filtered
// by mode and price in the URL, live through the public channel's list event; Join and Create battle.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  BATTLE_LIST_EVENT,
  BATTLE_MODES,
  BATTLES_PUBLIC_CHANNEL,
  type BattleListEvent,
  type BattleSummary,
} from '../../../shared/api/battles.ts';
import { errorText } from '../../lib/api.ts';
import { listBattles } from '../../lib/api/battles.ts';
import { getCookie } from '../../lib/cookies.ts';
import { formatDollars } from '../../lib/format.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { PriceRangeFields, useQueryFilters } from '../../components/ui/query-filters.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { applyListEvent, canJoin, filterBattles, filtersFromQuery } from './battle-list.ts';
import { joinBattle } from './battle-api.ts';
import { BattleBoxes, ModeLabel } from './battle-parts.tsx';
import './battles.css';

/** The list kept live: the GET answer, then every list event applied to it. */
function useLiveBattles() {
  const { data, error } = useApiData(listBattles, []);
  const [list, setList] = useState<BattleSummary[] | null>(null);
  useEffect(() => {
    if (data) setList(data.data);
  }, [data]);
  useEffect(
    () =>
      onPublicEvent(
        BATTLE_LIST_EVENT,
        (e) => {
          const battle = (e as BattleListEvent | null)?.battle;
          if (battle) setList((l) => applyListEvent(l ?? [], battle));
        },
        BATTLES_PUBLIC_CHANNEL,
      ),
    [],
  );
  return { list, error };
}

/** One battle row. */
function BattleRow({ battle, userId }: { battle: BattleSummary; userId: number | null }) {
  const navigate = useNavigate();
  const show = useModals((s) => s.show);
  const [joining, setJoining] = useState(false);
  const join = async () => {
    if (userId === null && !getCookie('token')) return show('login', false);
    setJoining(true);
    try {
      await joinBattle(battle.id);
      void navigate(`/battles/${battle.id}`);
    } catch (e) {
      toast.error(errorText(e));
      setJoining(false);
    }
  };
  return (
    <li className="battle-row" data-testid="battle-row" data-battle-id={battle.id} data-status={battle.status}>
      <ModeLabel battle={battle} />
      <BattleBoxes boxes={battle.boxes} max={6} />
      <span className="battle-cost" data-testid="battle-cost">
        {formatDollars(battle.cost)}
      </span>
      <span className="battle-seats" data-testid="battle-seats">
        {battle.seats_filled}/{battle.seats_total}
      </span>
      <span className={`battle-status status-${battle.status}`}>{battle.status}</span>
      <span className="battle-row-actions">
        {canJoin(battle, userId) && (
          <button
            type="button"
            className="btn btn-sm btn-gradient"
            data-testid="join-button"
            disabled={joining}
            onClick={() => void join()}
          >
            Join for {formatDollars(battle.cost)}
          </button>
        )}
        <Link className="btn btn-sm btn-outline" to={`/battles/${battle.id}`}>
          {battle.status === 'ended' ? 'Replay' : 'Watch'}
        </Link>
      </span>
    </li>
  );
}

/** The battle list page. */
export default function BattlesPage() {
  const query = useQueryFilters();
  const filters = filtersFromQuery(query.params);
  const { list, error } = useLiveBattles();
  const userId = useSession((s) => s.user?.id ?? null);
  const shown = list ? filterBattles(list, filters) : null;
  return (
    <section className="page page-wide battles-page" data-testid="battles-page">
      <div className="battles-head">
        <h1>Battles</h1>
        <Link to="/battles/create" className="btn btn-gradient" data-testid="create-battle-link">
          Create battle
        </Link>
      </div>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Mode
          <select
            value={filters.mode ?? ''}
            onChange={(e) => query.set('mode', e.target.value)}
            data-testid="mode-filter"
          >
            <option value="">All modes</option>
            {BATTLE_MODES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <PriceRangeFields {...query} keys={['min_cost', 'max_cost']} />
      </form>
      {error && !list && (
        <p className="notice notice-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {!shown && !error && <p className="muted">Loading...</p>}
      {shown && shown.length === 0 && <p className="notice">No battles match. Create one!</p>}
      <ul className="battle-list" data-testid="battle-list">
        {shown?.map((b) => (
          <BattleRow key={b.id} battle={b} userId={userId} />
        ))}
      </ul>
    </section>
  );
}
