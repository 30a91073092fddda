// Session busy-flag holding and modal routing rules of spec §2 and §4.
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../src/client/stores/session.ts';
import { useModals } from '../../src/client/stores/modals.ts';

const user = {
  id: 1,
  name: 'Ann',
  email: 'a@x.io',
  avatar_url: null,
  balance: 10,
  user_level: { level: 3 },
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('session store', () => {
  beforeEach(() => useSession.getState().clear());

  it('applies a balance update at once when not busy', () => {
    useSession.getState().setUser(user);
    useSession.getState().applyBalance(12.5);
    expect(useSession.getState().user?.balance).toBe(12.5);
  });

  it('holds balance updates while busy and applies the latest when the flag clears', () => {
    useSession.getState().setUser(user);
    useSession.getState().setBusy(true);
    useSession.getState().applyBalance(9);
    useSession.getState().applyBalance(30);
    expect(useSession.getState().user?.balance).toBe(10);
    useSession.getState().setBusy(false);
    expect(useSession.getState().user?.balance).toBe(30);
    expect(useSession.getState().heldBalance).toBeNull();
  });

  it('ignores balance updates when signed out', () => {
    useSession.getState().applyBalance(5);
    expect(useSession.getState().user).toBeNull();
  });
});

describe('modals store', () => {
  beforeEach(() => useModals.getState().closeAll());

  it('opens login and register as tabs of the auth modal', () => {
    useModals.getState().show('login', false);
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'login' });
    useModals.getState().show('register', false);
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'register' });
  });

  it('opens register instead of deposit for a guest, deposit for a player', () => {
    useModals.getState().show('deposit', false);
    expect(useModals.getState()).toMatchObject({ open: 'auth', authTab: 'register' });
    useModals.getState().show('deposit', true);
    expect(useModals.getState().open).toBe('deposit');
    useModals.getState().closeAll();
    expect(useModals.getState().open).toBeNull();
  });
});
