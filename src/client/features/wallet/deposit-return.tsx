// Back from a hosted checkout (spec §4 Deposit tracking): the server sends the browser to
// /?deposit=success&method=…&amount=…&bonus=… (or deposit=declined). Shows a toast, tracks the
// deposit event once and removes those parameters from the URL. Mounted once by the layout.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toaster.tsx';
import { trackDeposit, type Analytics, appAnalytics } from '../../lib/analytics.ts';
import { formatDollars } from '../../lib/format.ts';

const RETURN_KEYS = ['deposit', 'method', 'amount', 'bonus'];

/** The toast text for a return query, or null when the URL is not a checkout return. */
export function depositReturnText(
  search: string,
): { ok: boolean; text: string; method: string; amount: number | null } | null {
  const q = new URLSearchParams(search);
  const state = q.get('deposit');
  if (state !== 'success' && state !== 'declined') return null;
  const method = q.get('method') ?? 'card';
  if (state === 'declined') return { ok: false, text: 'The payment was declined.', method, amount: null };
  const amount = Number(q.get('amount'));
  const bonus = Number(q.get('bonus'));
  const has = Number.isFinite(amount) && amount > 0;
  const text = has
    ? `Deposit successful: ${formatDollars(amount)}${bonus > 0 ? ` + ${formatDollars(bonus)} bonus` : ''}`
    : 'Deposit successful';
  return { ok: true, text, method, amount: has ? amount : null };
}

/** Handles a checkout return on the current URL. */
export function DepositReturn({ analytics = appAnalytics }: { analytics?: () => Promise<Analytics> }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const r = depositReturnText(location.search);
    if (!r) return;
    if (r.ok) {
      toast.success(r.text);
      void trackDeposit(r.method, r.amount, analytics);
    } else toast.error(r.text);
    const q = new URLSearchParams(location.search);
    for (const k of RETURN_KEYS) q.delete(k);
    const rest = q.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [location.search, location.pathname, navigate, analytics]);
  return null;
}
