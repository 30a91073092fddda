// The active battle store (spec §2 Back to Battle, §4): set on create/join, persisted, cleared only
// when that battle ends or is canceled.
import { beforeEach, describe, expect, it } from 'vitest';
import { useActiveBattle } from '../../../src/client/stores/active-battle.ts';

describe('active battle store', () => {
  beforeEach(() => useActiveBattle.getState().clear());

  it('is set by a create or join and kept in localStorage', () => {
    useActiveBattle.getState().setBattle(12);
    expect(useActiveBattle.getState().battleId).toBe(12);
    expect(JSON.parse(localStorage.getItem('activeBattle')!).state).toEqual({ battleId: 12 });
  });

  it('clears when that battle ends or is canceled, not for another battle or a running one', () => {
    useActiveBattle.getState().setBattle(12);
    useActiveBattle.getState().settle(13, 'ended');
    useActiveBattle.getState().settle(12, 'running');
    expect(useActiveBattle.getState().battleId).toBe(12);
    useActiveBattle.getState().settle(12, 'ended');
    expect(useActiveBattle.getState().battleId).toBeNull();
    useActiveBattle.getState().setBattle(14);
    useActiveBattle.getState().settle(14, 'canceled');
    expect(useActiveBattle.getState().battleId).toBeNull();
  });
});
