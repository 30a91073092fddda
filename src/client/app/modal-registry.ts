// Modal content by name: each feature adds its dialog body here (lazy, so the shell stays small).
// The modal host renders the entry of useModals().open inside the default Modal.
import { createElement, lazy, type ComponentType } from 'react';
import type { ModalName } from '../stores/modals.ts';

/** A lazily loaded dialog body whose chunk can be loaded ahead; once loaded it renders without suspending. */
export type PreloadableContent = ComponentType & { preload(): Promise<unknown> };

/** Wraps a dynamic import: `preload()` starts it once (a failure is retried on the next call). */
export function preloadable(load: () => Promise<{ default: ComponentType }>): PreloadableContent {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));
  const Lazy = lazy(preload);
  // A loaded body renders directly: React.lazy would still suspend for a tick on its first render.
  const Content = () => {
    const Loaded = loaded;
    return Loaded ? createElement(Loaded) : createElement(Lazy);
  };
  return Object.assign(Content, { preload });
}

/** Lazy dialog bodies by modal name; a name without an entry shows an honest placeholder. */
export const modalContent: Partial<Record<ModalName, PreloadableContent>> = {
  auth: preloadable(() => import('../features/auth/auth-modal.tsx')),
  forgot: preloadable(() => import('../features/auth/forgot-password-modal.tsx')),
  bonus: preloadable(() => import('../features/bonus/bonus-modal.tsx')),
  deposit: preloadable(() => import('../features/wallet/deposit-modal.tsx')),
};
