// The player's held funds (issue 24 item 6): crypto that arrived over a deposit limit or during a
// self-exclusion. Shows the server's sentence ("$X … is held because …: withdraw it now, or play it
// from …") when something is held, nothing otherwise (also when the call fails).
import { useApiData } from '../../lib/use-api-data.ts';
import { getHeldFunds } from '../../lib/api/wallet.ts';

/** The held-funds notice; `version` reloads it (after a withdrawal or a cancel). */
export function HeldFundsNotice({ version = 0 }: { version?: number }) {
  const held = useApiData(getHeldFunds, [], version).data?.data;
  if (!held || held.held <= 0 || !held.msg) return null;
  return (
    <p className="notice" role="status" data-testid="held-funds">
      {held.msg}
    </p>
  );
}
