// The published economics (issue 24) on /cashback, /partnership and /freeloot: per game, its house
// edge and what each programme gives back per $100 of settled wagers — all of them together at most
// half the edge, so the house keeps at least the other half on every game and table.
import { WAGER_GAME_NAMES, edgeRangeBp } from '../../../shared/economics/house-edge.ts';
import { PROGRAMME_SHARE_BP, PROGRAMMES_TOTAL_SHARE_BP } from '../../../shared/economics/programme-shares.ts';

/** A programme whose column the page is about. */
export type Programme = keyof typeof PROGRAMME_SHARE_BP;

const COLUMNS: { key: Programme; label: string }[] = [
  { key: 'cashback', label: 'Cashback' },
  { key: 'commission', label: 'Referrer commission' },
  { key: 'free_loot', label: 'Free loot (at most)' },
  { key: 'leaderboard', label: 'Leaderboard prize cap' },
];

/** Dollars per $100 of a range of edges (bp) × a share (bp): "$0.15" or "$0.12–$0.16". */
function perHundred(edge: { min: number; max: number }, shareBp: number): string {
  const d = (bp: number) => `$${((bp * shareBp) / 10_000 / 100).toFixed(3).replace(/0$/, '')}`;
  return edge.min === edge.max ? d(edge.min) : `${d(edge.min)}–${d(edge.max)}`;
}

const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** The rates table; `focus` marks the page's own programme. */
export function ProgrammeRates({ focus }: { focus: Programme }) {
  return (
    <table className="info-table" data-testid="programme-rates">
      <caption>
        What every programme gives back per $100 of settled bets. Each is a share of the house edge (cashback{' '}
        {PROGRAMME_SHARE_BP.cashback / 100}%, commission {PROGRAMME_SHARE_BP.commission / 100}%, free loot{' '}
        {PROGRAMME_SHARE_BP.free_loot / 100}%, leaderboard {PROGRAMME_SHARE_BP.leaderboard / 100}%:{' '}
        {PROGRAMMES_TOTAL_SHARE_BP / 100}% together); a refunded or canceled bet earns nothing.
      </caption>
      <thead>
        <tr>
          <th>Game</th>
          <th>House edge</th>
          {COLUMNS.map((c) => (
            <th key={c.key} aria-current={c.key === focus ? 'true' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Object.entries(WAGER_GAME_NAMES).map(([kind, name]) => {
          const edge = edgeRangeBp(kind);
          return (
            <tr key={kind} data-game={kind}>
              <td>{name}</td>
              <td>{edge.min === edge.max ? pct(edge.min) : `${pct(edge.min)}–${pct(edge.max)}`}</td>
              {COLUMNS.map((c) => (
                <td key={c.key} data-programme={c.key}>
                  {perHundred(edge, PROGRAMME_SHARE_BP[c.key])}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
