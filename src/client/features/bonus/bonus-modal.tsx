// The bonus dialog body (spec §2 Bonus modal): the case35 offer, a countdown to the end of the
// local day and a Deposit button to /?modal=deposit&promocode=case35.
import { Link } from 'react-router';
import { bonusCountdown, formatCountdown } from '../../../shared/time/countdown.ts';
import { localTimeZone, useNow } from '../../components/ui/use-now.ts';
import { useModals } from '../../stores/modals.ts';
import logo from '../../../../assets/brand/logo-mark.svg';

/** Where the Deposit button goes. */
export const BONUS_DEPOSIT_HREF = '/?modal=deposit&promocode=case35';

/** The bonus dialog body. */
export default function BonusModal() {
  const now = useNow();
  const left = formatCountdown(bonusCountdown(now, localTimeZone()).remaining);
  const closeAll = useModals((s) => s.closeAll);
  return (
    <div className="bonus" data-testid="bonus-modal">
      <img className="bonus-art" src={logo} alt="" width={72} height={72} />
      <h2 className="bonus-title">
        <span className="accent">35% BONUS</span> to deposit
      </h2>
      <p>
        Only today: use the promo code <strong>case35</strong> to get a <strong>35% bonus</strong> on any deposit and a{' '}
        <strong>FREE BOX</strong>.
      </p>
      <p className="bonus-timer">
        Offer ends in{' '}
        <time role="timer" data-testid="bonus-countdown">
          {left}
        </time>
      </p>
      <Link
        className="btn btn-gradient btn-lg bonus-cta"
        to={BONUS_DEPOSIT_HREF}
        onClick={() => closeAll()}
        data-testid="bonus-deposit"
      >
        Deposit
      </Link>
    </div>
  );
}
