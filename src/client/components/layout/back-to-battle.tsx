// "Back to Battle" (spec §2): shown while the player has an active battle and is not on its page;
// it also keeps watching that battle so the button disappears when the battle ends or is canceled.
import { Link, useLocation } from 'react-router';
import { useActiveBattle } from '../../stores/active-battle.ts';
import { useActiveBattleWatch } from '../../lib/active-battle-watch.ts';

/** The Back to Battle button. */
export function BackToBattle() {
  useActiveBattleWatch();
  const id = useActiveBattle((s) => s.battleId);
  const { pathname } = useLocation();
  if (id === null || pathname === `/battles/${id}`) return null;
  return (
    <Link to={`/battles/${id}`} className="btn btn-gradient back-to-battle" data-testid="back-to-battle">
      Back to Battle
    </Link>
  );
}
