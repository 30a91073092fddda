// Keeps the active battle store honest (spec §4): while a battle is active, its status is read once
// (it may have finished while the tab was closed) and its channel's battleEnded / battleCanceled
// clear the store wherever the player is.
import { useEffect } from 'react';
import { ApiError } from './api.ts';
import { getBattle } from './api/battles.ts';
import { onPublicEvent } from './public-channel.ts';
import { useActiveBattle } from '../stores/active-battle.ts';
import { BATTLE_EVENTS, battleChannel } from '../../shared/api/battles.ts';

/** Watches battle `id` until it finishes; returns the stop function. */
export function watchBattle(id: number): () => void {
  const settle = (status: string) => useActiveBattle.getState().settle(id, status);
  const offs = [
    onPublicEvent(BATTLE_EVENTS.ended, () => settle('ended'), battleChannel(id)),
    onPublicEvent(BATTLE_EVENTS.canceled, () => settle('canceled'), battleChannel(id)),
  ];
  getBattle(id).then(
    (res) => settle(res.data.status),
    (e: unknown) => e instanceof ApiError && e.status === 404 && settle('canceled'), // gone; else the channel clears it
  );
  return () => offs.forEach((off) => off());
}

/** Watches the active battle, if any, for as long as the caller is mounted. */
export function useActiveBattleWatch(): void {
  const id = useActiveBattle((s) => s.battleId);
  useEffect(() => (id === null ? undefined : watchBattle(id)), [id]);
}
