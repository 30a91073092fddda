// The battle calls of spec §7 as the pages use them: each success toasts the server's msg (spec §8),
// applies the new balance and keeps the active battle store in step (set on create/join, cleared on cancel).
import { api } from '../../lib/api.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { useSession } from '../../stores/session.ts';
import { useActiveBattle } from '../../stores/active-battle.ts';
import type { CreateBattleBody } from '../../../shared/api/battles.ts';

interface MoneyAnswer {
  msg: string;
  balance: number; // dollars
}

function settleMoney(res: MoneyAnswer): void {
  toast.success(res.msg);
  useSession.getState().applyBalance(res.balance);
}

/** POST /api/battles/create; resolves to the new battle's id (the player's active battle). */
export async function createBattle(body: CreateBattleBody): Promise<number> {
  const res = await api<MoneyAnswer & { data: { id: number } }>('POST', '/api/battles/create', body);
  settleMoney(res);
  useActiveBattle.getState().setBattle(res.data.id);
  return res.data.id;
}

/** POST /api/battles/{id}/join (a team in team modes); the battle becomes the active one. */
export async function joinBattle(id: number, teamIdx?: number): Promise<void> {
  const res = await api<MoneyAnswer>(
    'POST',
    `/api/battles/${id}/join`,
    teamIdx === undefined ? {} : { team_idx: teamIdx },
  );
  settleMoney(res);
  useActiveBattle.getState().setBattle(id);
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
