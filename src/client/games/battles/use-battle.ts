// A battle kept live on the page: joins `battle-{id}` first, then GETs the battle (with the page's
// invite code, ?code=), and applies every channel event (those that arrived before the answer too)
// through the pure merge of battle.state.ts. A private battle's events come on private-battle-{id}
// (battle-channel.ts), joined once the answer says it is private; the battle is read again once that
// subscription holds, so nothing between the answer and the subscription is missed.
// Also loads each box version's items once (the reels' tiles: GET /api/boxes/{slug}/versions/{v}).
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { BATTLE_EVENTS, battleChannel, type Battle, type BattleBox } from '../../../shared/api/battles.ts';
import type { BoxVersion, VersionItem } from '../../../shared/api/box-fair.ts';
import { applyBattleEvent, type BattleEvent } from './battle.state.ts';
import { battleApiPath } from './battle-api.ts';
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
 * The live battle, the load error and a reload (after my own join or add-bots, the events also
 * arrive); `code` is the invite code of a private battle's link.
 */
export function useBattle(id: number, code?: string | null) {
  const [battle, setBattle] = useState<Battle | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [version, setVersion] = useState(0);
  const early = useRef<BattleEvent[]>([]); // events before the first answer
  const loaded = useRef(false);
  const isPrivate = battle?.id === id && battle.private;

  const onEvent = useRef((type: string, data: unknown) => {
    const e = { type, data } as BattleEvent;
    if (!LIVE_EVENTS.includes(e.type)) return;
    if (!loaded.current) early.current.push(e);
    else setBattle((b) => (b ? applyBattleEvent(b, e) : b));
  }).current;

  useEffect(() => {
    loaded.current = false;
    early.current = [];
    setBattle(null);
    const offs = LIVE_EVENTS.map((type) => onPublicEvent(type, (data) => onEvent(type, data), battleChannel(id)));
    return () => offs.forEach((off) => off());
  }, [id, onEvent]);

  useEffect(() => {
    if (!isPrivate) return;
    return watchPrivateBattle(id, code ?? undefined, onEvent, () => setVersion((v) => v + 1));
  }, [id, code, isPrivate, onEvent]);

  useEffect(() => {
    let live = true;
    api<{ data: Battle }>('GET', battleApiPath(id, code)).then(
      (res) => {
        if (!live) return;
        loaded.current = true;
        setError(null);
        const fresh = early.current.reduce(applyBattleEvent, res.data);
        setBattle((cur) => (cur && cur.id === fresh.id && cur.round > fresh.round ? cur : fresh)); // never step back
        early.current = [];
      },
      (e: unknown) => live && setError(e instanceof ApiError || e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [id, code, version]);

  return { battle, error, reload: () => setVersion((v) => v + 1) };
}

const versionKey = (b: Pick<BattleBox, 'slug' | 'version'>) => `${b.slug}@${b.version}`;

/** Items of every box version of the battle, by "slug@version" (empty until loaded). */
export function useBoxItems(boxes: readonly BattleBox[] | undefined): Map<string, VersionItem[]> {
  const [items, setItems] = useState(() => new Map<string, VersionItem[]>());
  const keys = [...new Set((boxes ?? []).map(versionKey))].sort().join(',');
  useEffect(() => {
    let live = true;
    for (const key of keys ? keys.split(',') : []) {
      const [slug, v] = key.split('@');
      api<{ data: BoxVersion }>('GET', `/api/boxes/${slug}/versions/${v}`).then(
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

/** The items of round `round`'s box (by its version). */
export function roundBoxItems(items: Map<string, VersionItem[]>, battle: Battle, round: number): VersionItem[] {
  const box = battle.boxes[round];
  return box ? (items.get(versionKey(box)) ?? []) : [];
}
