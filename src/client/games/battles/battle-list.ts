// The /battles list as pure functions: the filters (mode, seat price range) kept in the URL, and the
// live update from the public channel's list event (upsert, drop canceled or private, keep the order:
// open and running battles newest first, then the ended ones newest first).
import { BATTLE_MODES, type BattleMode, type BattleSummary } from '../../../shared/api/battles.ts';

/** The list filters. */
export interface BattleFilters {
  mode: BattleMode | null; // null: every mode
  minCost: number | null; // dollars per seat
  maxCost: number | null;
}

/** Ended battles the list keeps (the API sends the last 20). */
export const ENDED_KEPT = 20;

function price(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const v = Number(raw);
  return Number.isFinite(v) && v >= 0 ? v : null;
}

/** Filters from the URL query (`mode`, `min_cost`, `max_cost`); unknown values mean "any". */
export function filtersFromQuery(params: URLSearchParams): BattleFilters {
  const mode = params.get('mode');
  return {
    mode: (BATTLE_MODES as readonly string[]).includes(mode ?? '') ? (mode as BattleMode) : null,
    minCost: price(params.get('min_cost')),
    maxCost: price(params.get('max_cost')),
  };
}

/** The battles that pass the filters. */
export function filterBattles(list: readonly BattleSummary[], f: BattleFilters): BattleSummary[] {
  return list.filter(
    (b) =>
      (f.mode === null || b.mode === f.mode) &&
      (f.minCost === null || b.cost >= f.minCost) &&
      (f.maxCost === null || b.cost <= f.maxCost),
  );
}

const live = (b: BattleSummary) => b.status === 'waiting' || b.status === 'running';
const newestFirst = (a: BattleSummary, b: BattleSummary) => b.id - a.id;

/** Applies one list event: the battle replaces its old row or joins the list; canceled or private ones leave it. */
export function applyListEvent(list: readonly BattleSummary[], battle: BattleSummary): BattleSummary[] {
  const rest = list.filter((b) => b.id !== battle.id);
  const next = battle.status === 'canceled' || battle.private ? rest : [...rest, battle];
  const open = next.filter(live).sort(newestFirst);
  const ended = next
    .filter((b) => b.status === 'ended')
    .sort(newestFirst)
    .slice(0, ENDED_KEPT);
  return [...open, ...ended];
}

/** Whether the signed-in player could take a seat: waiting, a seat open, not already seated. */
export function canJoin(b: BattleSummary, userId: number | null | undefined): boolean {
  if (b.status !== 'waiting' || b.seats_filled >= b.seats_total) return false;
  return userId == null || !b.seats.some((s) => s.user?.id === userId);
}
