// Which dialog is open (spec §2 Modals, §4 Auth modal). Opening deposit while signed out opens
// register instead; login and register are the two tabs of the auth modal.
import { create } from 'zustand';

/** Dialogs the app can open. */
export type ModalName = 'auth' | 'forgot' | 'deposit' | 'bonus';

/** Tabs of the auth modal. */
export type AuthTab = 'register' | 'login';

/** Modal state and its actions. */
export interface ModalsState {
  open: ModalName | null; // the dialog shown, if any
  authTab: AuthTab; // tab of the auth modal
  /** Opens a dialog by the names used in ?modal= (deposit, login, register) or a ModalName. */
  show(name: ModalName | AuthTab, signedIn: boolean): void;
  setAuthTab(tab: AuthTab): void;
  closeAll(): void;
}

/** The modals store. */
export const useModals = create<ModalsState>()((set) => ({
  open: null,
  authTab: 'register',
  show: (name, signedIn) => {
    if (name === 'login' || name === 'register') set({ open: 'auth', authTab: name });
    else if (name === 'deposit' && !signedIn) set({ open: 'auth', authTab: 'register' });
    else set({ open: name });
  },
  setAuthTab: (authTab) => set({ authTab }),
  closeAll: () => set({ open: null }),
}));
