// Minimal host for the open dialog (a plain accessible dialog until the shared Modal lands), and
// the one effect that opens ?modal=login|register|deposit.
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { modalContent, modalLabels } from '../../app/modal-registry.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { getCookie } from '../../lib/cookies.ts';
import './modal-host.css';

/** Renders the open dialog, if its content is registered. */
export function ModalHost() {
  const open = useModals((s) => s.open);
  const closeAll = useModals((s) => s.closeAll);
  const [params] = useSearchParams();
  const modal = params.get('modal');

  useEffect(() => {
    if (modal === 'login' || modal === 'register' || modal === 'deposit') useModals.getState().show(modal, Boolean(useSession.getState().user ?? getCookie('token')));
  }, [modal]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeAll();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, closeAll]);

  const Content = open ? modalContent[open] : undefined;
  if (!open || !Content) return null;
  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && closeAll()}>
      <div role="dialog" aria-modal="true" aria-label={modalLabels[open]} className="modal-box">
        <button type="button" className="modal-close" aria-label="Close" onClick={closeAll}>
          ×
        </button>
        <Suspense fallback={<p>Loading...</p>}>
          <Content />
        </Suspense>
      </div>
    </div>
  );
}
