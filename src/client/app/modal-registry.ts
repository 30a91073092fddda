// Modal content by name: each feature adds its dialog body here (lazy, so the shell stays small).
// The modal host renders the entry of useModals().open inside the default Modal.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from '../stores/modals.ts';

/** Lazy dialog bodies by modal name; a name without an entry shows an honest placeholder. */
export const modalContent: Partial<Record<ModalName, LazyExoticComponent<ComponentType>>> = {
  auth: lazy(() => import('../features/auth/auth-modal.tsx')),
  forgot: lazy(() => import('../features/auth/forgot-password-modal.tsx')),
  bonus: lazy(() => import('../features/bonus/bonus-modal.tsx')),
  deposit: lazy(() => import('../features/wallet/deposit-modal.tsx')),
};
