// Renders the open dialog (useModals().open) inside the default Modal, with its content from the
// modal registry. The dialog carries data-modal (and data-auth-tab for the auth modal) so tests
// and styles can tell which one is open.
import { Suspense } from 'react';
import { modalContent } from '../../app/modal-registry.ts';
import { useModals, type ModalName, type AuthTab } from '../../stores/modals.ts';
import { Modal } from '../ui/modal.tsx';

/** Content width per dialog (px); the deposit modal is up to 1000 px wide (spec §2). */
const widths: Partial<Record<ModalName, number>> = { deposit: 1000, auth: 440, bonus: 420 };

/** Accessible name of a dialog. */
export function modalLabel(name: ModalName, tab: AuthTab): string {
  if (name === 'auth') return tab === 'login' ? 'Login' : 'Sign Up';
  return { forgot: 'Forgot password', deposit: 'Deposit', bonus: '35% BONUS to deposit' }[name];
}

/** What a dialog without content shows (its feature has not landed yet). */
function NotYet({ name }: { name: ModalName }) {
  const text =
    name === 'deposit'
      ? 'Deposits are coming soon.'
      : name === 'forgot'
        ? 'Password recovery is coming soon.'
        : 'Sign up and login are coming soon.';
  return (
    <div className="modal-soon" data-testid="modal-soon">
      <p>{text}</p>
      <p className="muted">This part of Loot Arcade is being built. Please check back shortly.</p>
    </div>
  );
}

/** The modal host, mounted once by the layout. */
export function ModalHost() {
  const open = useModals((s) => s.open);
  const tab = useModals((s) => s.authTab);
  const closeAll = useModals((s) => s.closeAll);
  if (!open) return null;
  const Content = modalContent[open];
  const label = modalLabel(open, tab);
  return (
    <Modal
      key={open}
      label={label}
      title={Content ? undefined : label}
      width={widths[open]}
      onClose={closeAll}
      data-modal={open}
      data-auth-tab={open === 'auth' ? tab : undefined}
      data-testid="modal"
    >
      {Content ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <Content />
        </Suspense>
      ) : (
        <NotYet name={open} />
      )}
    </Modal>
  );
}
