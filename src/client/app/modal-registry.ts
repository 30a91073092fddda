// The content of each dialog, loaded lazily. The modal host renders the open one.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from '../stores/modals.ts';

/** Dialog contents by modal name. */
export const modalContent: Partial<Record<ModalName, LazyExoticComponent<ComponentType>>> = {
  auth: lazy(() => import('../features/auth/auth-modal.tsx')),
  forgot: lazy(() => import('../features/auth/forgot-password-modal.tsx')),
};

/** Accessible names of the dialogs. */
export const modalLabels: Partial<Record<ModalName, string>> = { auth: 'Sign up or log in', forgot: 'Forgot password' };
