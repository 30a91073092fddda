// A battle kept live on the page by its battle machine (battle.machine.ts, on the engine clock): listens
// on `battle-{id}` first, then GETs the battle (with the page's invite code, ?code=) and sends it as
// LOADED with the number of channel events received when the GET left, so the machine applies every
// event newer than the snapshot on top of it (the pure, idempotent merge of battle.state.ts). The channel
// subscription completes asynchronously: once the server confirms it, the battle is read again, so an
// event published between the first GET and the subscription (a bot taking a seat) is never missed.
// A private battle's events come on private-battle-{id} (battle-channel.ts), joined once the answer
// says it is private, and read again the same way once that subscription holds.
// Also loads each box version's items once (the reels' tiles: GET /api/boxes/{slug}/versions/{v}).
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { ApiError } from '../../lib/api.ts';
import { getBattle } from '../../lib/api/battles.ts';
import { getBoxVersion } from '../../lib/api/boxes.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { BATTLE_EVENTS, battleChannel, type BattleBox } from '../../../shared/api/battles.ts';
import type { VersionItem } from '../../../shared/api/box-fair.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { useGameActor } from '../../engine/use-game-actor.ts';
import type { BattleEvent } from './battle.state.ts';
import { battleMachine, logLength } from './battle.machine.ts';
import { versionKey } from './battle.view.ts';
import { watchPrivateBattle } from './battle-channel.ts';

/** The channel events the page merges (every one but battleCreated; the names are BATTLE_EVENTS' values). */
const LIVE_EVENTS: readonly BattleEvent['type'][] = [
  BATTLE_EVENTS.playerJoined,
  BATTLE_EVENTS.playerLeft,
  BATTLE_EVENTS.started,
  BATTLE_EVENTS.roundStarted,
  BATTLE_EVENTS.roundEnded,
  BATTLE_EVENTS.ended,
  BATTLE_EVENTS.canceled,
];

/**
 * The battle actor of battle `id` on `clock` (`spinMs`: a round's spin in engine ms), the live battle,
 * the load error and a reload (after my own join or add-bots, the events also arrive); `code` is the
 * invite code of a private battle's link. Mount it once per battle id (the page keys it by the id).
 */
export function useBattle(id: number, code: string | null | undefined, clock: EngineClock, spinMs: () => number) {
  const actor = useGameActor(battleMachine, clock, { clock, spinMs });
  const battle = useSelector(actor, (s) => s.context.battle);
  const [error, setError] = useState<Error | null>(null);
  const [version, setVersion] = useState(0);
  const isPrivate = battle?.id === id && battle.private;

  const [onEvent] = useState(() => (type: string, data: unknown) => {
    if ((LIVE_EVENTS as readonly string[]).includes(type)) actor.send({ type, data } as BattleEvent);
  });

  useEffect(() => {
    const channel = battleChannel(id);
    const offs = LIVE_EVENTS.map((type) => onPublicEvent(type, (data) => onEvent(type, data), channel));
    // pusher-js hands global listeners its subscription_succeeded too (also after a reconnect)
    offs.push(onPublicEvent('pusher:subscription_succeeded', () => setVersion((v) => v + 1), channel));
    return () => offs.forEach((off) => off());
  }, [id, onEvent]);

  useEffect(() => {
    if (!isPrivate) return;
    return watchPrivateBattle(id, code ?? undefined, onEvent, () => setVersion((v) => v + 1));
  }, [id, code, isPrivate, onEvent]);

  useEffect(() => {
    let live = true;
    const since = logLength(actor.getSnapshot().context); // events from here on are newer than the answer
    getBattle(id, code).then(
      (res) => {
        if (!live) return;
        setError(null);
        actor.send({ type: 'LOADED', battle: res.data, since });
      },
      (e: unknown) => live && setError(e instanceof ApiError || e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [id, code, version, actor]);

  return { actor, battle, error, reload: () => setVersion((v) => v + 1) };
}

/** Items of every box version of the battle, by "slug@version" (empty until loaded). */
export function useBoxItems(boxes: readonly BattleBox[] | undefined): Map<string, VersionItem[]> {
  const [items, setItems] = useState(() => new Map<string, VersionItem[]>());
  const keys = [...new Set((boxes ?? []).map(versionKey))].sort().join(',');
  useEffect(() => {
    let live = true;
    for (const key of keys ? keys.split(',') : []) {
      const [slug, v] = key.split('@') as [string, string];
      getBoxVersion(slug, v).then(
        (res) => live && setItems((m) => new Map(m).set(key, res.data.items)),
        () => undefined, // the reels fall back to the drops themselves
      );
    }
    return () => {
      live = false;
    };
  }, [keys]);
  return items;
}
