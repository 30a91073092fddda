// Redeeming a gift code or voucher: the call, the success toast with the server's msg, the new
// balance and the deposit event (spec §4 Deposit tracking, §8).
import { toast } from '../../components/ui/toaster.tsx';
import { trackDeposit } from '../../lib/analytics.ts';
import { useSession } from '../../stores/session.ts';
import { messageFirst } from './wallet-forms.ts';
import { redeemCode, type RedeemKind } from '../../lib/api/wallet.ts';

/** Redeems `code` as a gift code or voucher; true on success. Failures toast message first, then msg. */
export async function redeem(method: RedeemKind, code: string): Promise<boolean> {
  const before = useSession.getState().user?.balance ?? null;
  try {
    const r = await redeemCode(method, code.trim());
    toast.success(r.msg);
    useSession.getState().applyBalance(r.balance);
    void trackDeposit(method, before === null ? null : Math.round((r.balance - before) * 100) / 100);
    return true;
  } catch (e) {
    toast.error(messageFirst(e));
    return false;
  }
}
