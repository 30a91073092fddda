// The daily free-box deposit rule on /freeloot: while the player's deposits of the last 30 days fall
// short, a banner says so and its Deposit button opens the deposit modal (as the header's does).
import { Button } from '../../components/ui/button.tsx';
import { useModals } from '../../stores/modals.ts';
import { DEPOSIT_REQUIRED_MESSAGE, type FreeBoxListResponse } from '../../../shared/api/free-loot.ts';
import { formatDollars } from '../../lib/format.ts';

/** The deposit rule as GET /api/free-boxes reports it for a player. */
export type DepositRule = NonNullable<FreeBoxListResponse['deposit_required']>;

/** The short reason shown on disabled daily Open buttons. */
export const depositReason = (rule: Pick<DepositRule, 'min'>) =>
  `Deposit ${formatDollars(rule.min)} to open daily free boxes`;

/** Banner with the rule, what the player deposited in the window and a Deposit button. */
export function DepositBanner({ rule }: { rule: DepositRule }) {
  const show = useModals((s) => s.show);
  return (
    <div className="notice deposit-banner" data-testid="deposit-banner" role="status">
      <p>
        <strong>{DEPOSIT_REQUIRED_MESSAGE}</strong> You deposited{' '}
        <span data-testid="deposited-30d">{formatDollars(rule.deposited_30d)}</span> in the last 30 days. Promo free
        boxes open without it.
      </p>
      <Button variant="gradient" size="sm" data-testid="deposit-banner-button" onClick={() => show('deposit', true)}>
        Deposit
      </Button>
    </div>
  );
}
