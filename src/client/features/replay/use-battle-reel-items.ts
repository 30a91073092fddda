// A battle replay's reel items: every box version of the battle (GET /api/boxes/{slug}/versions/{v}),
// by "slug@version", loaded as the live battle page loads them (use-battle.ts useBoxItems) so the
// replay spins the same reels. Null while loading; a version that fails to load is left out (its
// rounds' reels show the drops alone). Other games need none: an empty map at once.
import { useEffect, useState } from 'react';
import { getBoxVersion } from '../../lib/api/boxes.ts';
import { versionKey } from '../../games/battles/battle.view.ts';
import type { BattleReelItem } from '../../games/battles/battle-reel.ts';
import type { Replay } from '../../../shared/api/replay.ts';

type Items = ReadonlyMap<string, readonly BattleReelItem[]>;
const NONE: Items = new Map();

/** The reel items of `replay`'s battle; null until loaded. */
export function useBattleReelItems(replay: Replay): Items | null {
  const battle = replay.outcome.game === 'battle' ? replay.outcome.battle : null;
  const [items, setItems] = useState<Items | null>(battle ? null : NONE);
  useEffect(() => {
    if (!battle) return;
    let live = true;
    const keys = [...new Set(battle.boxes.map(versionKey))];
    void Promise.allSettled(
      keys.map(async (key) => {
        const [slug, version] = key.split('@') as [string, string];
        return [key, (await getBoxVersion(slug, version)).data.items] as const;
      }),
    ).then((loaded) => {
      if (live) setItems(new Map(loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))));
    });
    return () => {
      live = false;
    };
  }, [battle]);
  return items;
}
