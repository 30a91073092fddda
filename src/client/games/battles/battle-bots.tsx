// The creator's add-bots picker of a waiting battle: how many bots (and, in team modes, into which
// team), the bots that will take the seats — names and avatars from GET /api/battles/bots, in the order
// the server seats them (the first ones not yet in this battle: battles.service.ts addBots) — and the
// price, the seat cost for each bot, paid by the creator.
import { useState } from 'react';
import { isTeamMode, type Battle, type BattleBot } from '../../../shared/api/battles.ts';
import { HudSegmented } from '../../components/hud/hud-select.tsx';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { listBattleBots } from '../../lib/api/battles.ts';

const ANY_TEAM = -1;

/** The bots that `count` more bots would seat: the first of `bots` not already in the battle. */
export function nextBots(bots: readonly BattleBot[], b: Battle, count: number): BattleBot[] {
  const seated = new Set(b.seats.flatMap((s) => (s.bot ? [s.bot.id] : [])));
  return bots.filter((x) => !seated.has(x.id)).slice(0, count);
}

/** The picker; `open` = open seats per team; `onAdd(count, team)` seats them (team undefined: any seat). */
export function AddBotsPicker({
  battle,
  open,
  busy,
  onAdd,
}: {
  battle: Battle;
  open: readonly number[];
  busy: boolean;
  onAdd(count: number, team: number | undefined): void;
}) {
  const { data } = useApiData(listBattleBots, []);
  const teams = isTeamMode(battle.mode);
  const [chosen, setTeam] = useState(ANY_TEAM);
  const team = chosen !== ANY_TEAM && (open[chosen] ?? 0) > 0 ? chosen : ANY_TEAM; // a team that filled: any seat
  const max = team === ANY_TEAM ? open.reduce((a, n) => a + n, 0) : (open[team] ?? 0);
  const [wanted, setWanted] = useState<number | null>(null); // null: every open seat
  const count = Math.min(wanted ?? max, max);
  const coming = nextBots(data?.data ?? [], battle, count);
  const price = formatDollars((Math.round(battle.cost * 100) * count) / 100);
  if (max === 0) return null;
  return (
    <div className="add-bots" data-testid="add-bots">
      <span className="add-bots-label">Bots for the open seats</span>
      {teams && (
        <HudSegmented
          label="Bots join"
          options={[
            { value: ANY_TEAM, label: 'Any seat' },
            ...open.flatMap((n, t) => (n > 0 ? [{ value: t, label: `Team ${t + 1}` }] : [])),
          ]}
          value={team}
          onChange={(t) => {
            setTeam(t);
            setWanted(null);
          }}
        />
      )}
      {max > 1 && (
        <HudSegmented
          label="How many bots"
          options={Array.from({ length: max }, (_, i) => i + 1)}
          value={count}
          onChange={setWanted}
        />
      )}
      <ul className="bot-preview" aria-label="Bots that will join">
        {coming.map((bot) => (
          <li key={bot.id} data-testid="bot-preview" data-bot-id={bot.id}>
            <img src={bot.avatar_url} alt="" width={28} height={28} />
            <span>{bot.name}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-outline"
        data-testid="add-bots-button"
        disabled={busy || count === 0}
        onClick={() => onAdd(count, team === ANY_TEAM ? undefined : team)}
      >
        Add {count} {count === 1 ? 'bot' : 'bots'} for {price} (you pay each bot&apos;s seat)
      </button>
    </div>
  );
}
