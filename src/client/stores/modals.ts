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
  authNotice: string | null; // a success message over the login form (after sign-up); kept if the modal remounts
  /** Opens a dialog by the names used in ?modal= (deposit, login, register) or a ModalName. */
  show(name: ModalName | AuthTab, signedIn: boolean): void;
  setAuthTab(tab: AuthTab, notice?: string | null): void;
  closeAll(): void;
}

/** The modals store. */
export const useModals = create<ModalsState>()((set) => ({
  open: null,
  authTab: 'register',
  authNotice: null,
  show: (name, signedIn) => {
    if (name === 'login' || name === 'register') set({ open: 'auth', authTab: name, authNotice: null });
    else if (name === 'deposit' && !signedIn) set({ open: 'auth', authTab: 'register', authNotice: null });
    else set({ open: name });
  },
  setAuthTab: (authTab, notice = null) => set({ authTab, authNotice: notice }),
  closeAll: () => set({ open: null, authNotice: null }),
}));
