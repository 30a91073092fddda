// "Back to Battle" (spec §2): shown while the player has an active battle and is not on its page.
import { Link, useLocation } from 'react-router';
import { useActiveBattle } from '../../stores/active-battle.ts';

/** The Back to Battle button. */
export function BackToBattle() {
  const id = useActiveBattle((s) => s.battleId);
  const { pathname } = useLocation();
  if (id === null || pathname === `/battles/${id}`) return null;
  return (
    <Link to={`/battles/${id}`} className="btn btn-gradient back-to-battle" data-testid="back-to-battle">
      Back to Battle
    </Link>
  );
}
