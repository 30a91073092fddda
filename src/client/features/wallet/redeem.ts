// Redeeming a gift code or voucher: the call, the success toast with the server's msg, the new
// balance and the deposit event (spec §4 Deposit tracking, §8).
import type { z } from 'zod';
import type { msgResponse } from '../../../shared/api/wallet.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { trackDeposit } from '../../lib/analytics.ts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../stores/session.ts';
import { messageFirst } from './wallet-forms.ts';

/** Redeems `code` at `path`; true on success. Failures toast message first, then msg. */
export async function redeem(path: string, method: 'giftcard' | 'voucher', code: string): Promise<boolean> {
  const before = useSession.getState().user?.balance ?? null;
  try {
    const r = await api<z.infer<typeof msgResponse>>('POST', path, { code: code.trim() });
    toast.success(r.msg);
    useSession.getState().applyBalance(r.balance);
    void trackDeposit(method, before === null ? null : Math.round((r.balance - before) * 100) / 100);
    return true;
  } catch (e) {
    toast.error(messageFirst(e));
    return false;
  }
}
