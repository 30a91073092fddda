// The battle calls of spec §7 as the pages use them: each success toasts the server's msg (spec §8),
// applies the new balance and keeps the active battle store in step (set on create/join, cleared on
// cancel and leave). A private battle's invite code (?code= of its link) goes with the GET and the join.
import { toast } from '../../components/ui/toaster.tsx';
import { useSession } from '../../stores/session.ts';
import { useActiveBattle } from '../../stores/active-battle.ts';
import {
  postAddBots,
  postCancelBattle,
  postCreateBattle,
  postJoinBattle,
  postLeaveBattle,
  type MoneyAnswer,
} from '../../lib/api/battles.ts';
import type { CreateBattleBody } from '../../../shared/api/battles.ts';

function settleMoney(res: MoneyAnswer): void {
  toast.success(res.msg);
  useSession.getState().applyBalance(res.balance);
}

/** The page of battle `id`, with the invite code of a private one. */
export const battlePagePath = (id: number, code?: string | null): string =>
  code ? `/battles/${id}?code=${encodeURIComponent(code)}` : `/battles/${id}`;

/** POST /api/battles/create; resolves to the new battle's id and its page (a private battle's with its code). */
export async function createBattle(body: CreateBattleBody): Promise<{ id: number; path: string }> {
  const res = await postCreateBattle(body);
  settleMoney(res);
  useActiveBattle.getState().setBattle(res.data.id);
  return { id: res.data.id, path: res.data.invite_link ?? battlePagePath(res.data.id, res.data.invite_code) };
}

/** POST /api/battles/{id}/join (a team in team modes; a private battle's invite `code`); the battle becomes the active one. */
export async function joinBattle(id: number, teamIdx?: number, code?: string | null): Promise<void> {
  settleMoney(await postJoinBattle(id, teamIdx, code));
  useActiveBattle.getState().setBattle(id);
}

/** POST /api/battles/{id}/leave: a joiner gives up their seat of a waiting battle and is refunded. */
export async function leaveBattle(id: number): Promise<void> {
  settleMoney(await postLeaveBattle(id));
  if (useActiveBattle.getState().battleId === id) useActiveBattle.getState().clear();
}

/** POST /api/battles/{id}/add-bots: `bots` bots, into team `teamIdx` if given. */
export async function addBots(id: number, bots: number, teamIdx?: number): Promise<void> {
  settleMoney(await postAddBots(id, bots, teamIdx));
}

/** POST /api/battles/{id}/cancel: every seat refunded; the battle is no longer active. */
export async function cancelBattle(id: number): Promise<void> {
  const res = await postCancelBattle(id);
  toast.success(res.msg);
  useActiveBattle.getState().settle(id, 'canceled');
}
