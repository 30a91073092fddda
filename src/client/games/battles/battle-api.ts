// The battle calls of spec §7 as the pages use them: each success toasts the server's msg (spec §8),
// applies the new balance and keeps the active battle store in step (set on create/join, cleared on
// cancel and leave). A private battle's invite code (?code= of its link) goes with the GET and the join.
import { api } from '../../lib/api.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { useSession } from '../../stores/session.ts';
import { useActiveBattle } from '../../stores/active-battle.ts';
import type { CreateBattleBody, CreateBattleResponse } from '../../../shared/api/battles.ts';

interface MoneyAnswer {
  msg: string;
  balance: number; // dollars
}

function settleMoney(res: MoneyAnswer): void {
  toast.success(res.msg);
  useSession.getState().applyBalance(res.balance);
}

/** The page of battle `id`, with the invite code of a private one. */
export const battlePagePath = (id: number, code?: string | null): string =>
  code ? `/battles/${id}?code=${encodeURIComponent(code)}` : `/battles/${id}`;

/** GET /api/battles/{id}'s path, with `?code=` when the page came with an invite code. */
export const battleApiPath = (id: number, code?: string | null): string =>
  code ? `/api/battles/${id}?code=${encodeURIComponent(code)}` : `/api/battles/${id}`;

/** POST /api/battles/create; resolves to the new battle's id and its page (a private battle's with its code). */
export async function createBattle(body: CreateBattleBody): Promise<{ id: number; path: string }> {
  const res = await api<MoneyAnswer & { data: CreateBattleResponse['data'] }>('POST', '/api/battles/create', body);
  settleMoney(res);
  useActiveBattle.getState().setBattle(res.data.id);
  return { id: res.data.id, path: res.data.invite_link ?? battlePagePath(res.data.id, res.data.invite_code) };
}

/** POST /api/battles/{id}/join (a team in team modes; a private battle's invite `code`); the battle becomes the active one. */
export async function joinBattle(id: number, teamIdx?: number, code?: string | null): Promise<void> {
  const res = await api<MoneyAnswer>('POST', `/api/battles/${id}/join`, {
    ...(teamIdx === undefined ? {} : { team_idx: teamIdx }),
    ...(code ? { code } : {}),
  });
  settleMoney(res);
  useActiveBattle.getState().setBattle(id);
}

/** POST /api/battles/{id}/leave: a joiner gives up their seat of a waiting battle and is refunded. */
export async function leaveBattle(id: number): Promise<void> {
  settleMoney(await api<MoneyAnswer>('POST', `/api/battles/${id}/leave`));
  if (useActiveBattle.getState().battleId === id) useActiveBattle.getState().clear();
}

/** POST /api/battles/{id}/add-bots: `bots` bots, into team `teamIdx` if given. */
export async function addBots(id: number, bots: number, teamIdx?: number): Promise<void> {
  settleMoney(
    await api<MoneyAnswer>(
      'POST',
      `/api/battles/${id}/add-bots`,
      teamIdx === undefined ? { bots } : { bots, team_idx: teamIdx },
    ),
  );
}

/** POST /api/battles/{id}/cancel: every seat refunded; the battle is no longer active. */
export async function cancelBattle(id: number): Promise<void> {
  const res = await api<{ msg: string }>('POST', `/api/battles/${id}/cancel`);
  toast.success(res.msg);
  useActiveBattle.getState().settle(id, 'canceled');
}
