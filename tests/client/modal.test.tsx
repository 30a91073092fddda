// The default modal and the modal host in jsdom: Escape, outside click, swipe threshold, focus
// trap and restore; registry content, honest placeholders and the auth tab attribute.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { Modal, MODAL_WIDTH, SWIPE_CLOSE_PX } from '../../src/client/components/ui/modal.tsx';
import { ModalHost } from '../../src/client/components/layout/modal-host.tsx';
import { useModals } from '../../src/client/stores/modals.ts';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      {open && (
        <Modal
          title="Hello"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <input aria-label="first" />
          <button>last</button>
        </Modal>
      )}
    </>
  );
}

const swipe = (el: Element, dy: number) => {
  fireEvent.touchStart(el, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 100 + dy }] });
  fireEvent.touchEnd(el, { changedTouches: [{ clientY: 100 + dy }] });
};

describe('Modal', () => {
  it('is a labelled dialog of the default width with max height 90vh', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    const dialog = screen.getByRole('dialog', { name: 'Hello' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.style.getPropertyValue('--modal-width')).toBe(`${MODAL_WIDTH}px`);
    expect(dialog.style.maxHeight).toBe('90vh');
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('Open');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a click outside but not on a click inside', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Open'));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    const overlay = screen.getByTestId('modal-overlay');
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a downward swipe beyond the threshold only', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Open'));
    swipe(screen.getByRole('dialog'), SWIPE_CLOSE_PX);
    expect(onClose).not.toHaveBeenCalled();
    swipe(screen.getByRole('dialog'), SWIPE_CLOSE_PX + 1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('traps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'last' });
    // jsdom has no layout: make every element count as rendered.
    for (const el of [close, screen.getByLabelText('first'), last])
      Object.defineProperty(el, 'offsetParent', { get: () => document.body });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe('ModalHost', () => {
  beforeEach(() => useModals.setState({ open: null, authTab: 'register' }));
  afterEach(() => useModals.setState({ open: null }));

  it('renders nothing when no dialog is open', () => {
    render(<ModalHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the auth dialog on the requested tab (data-auth-tab) and closes all on Escape', () => {
    render(<ModalHost />);
    act(() => useModals.getState().show('login', false));
    const dialog = screen.getByRole('dialog', { name: 'Login' });
    expect(dialog.getAttribute('data-modal')).toBe('auth');
    expect(dialog.getAttribute('data-auth-tab')).toBe('login');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(useModals.getState().open).toBeNull();
  });

  it('deposit for a guest opens register; for a player the deposit modal content, 1000 px wide', async () => {
    render(<ModalHost />);
    act(() => useModals.getState().show('deposit', false));
    expect(screen.getByRole('dialog').getAttribute('data-auth-tab')).toBe('register');
    act(() => useModals.getState().show('deposit', true));
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    expect(await within(dialog).findByTestId('deposit-modal', {}, { timeout: 10_000 })).toBeTruthy();
    expect(dialog.style.getPropertyValue('--modal-width')).toBe('1000px');
  });

  it('loads the bonus content from the registry', async () => {
    render(
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>,
    );
    act(() => useModals.getState().show('bonus', false));
    expect(await screen.findByText(/to deposit/, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('bonus-deposit').getAttribute('href')).toBe('/?modal=deposit&promocode=case35');
    expect(screen.getByTestId('bonus-countdown').textContent).toMatch(/^\d\d:\d\d:\d\d$/);
  });
});
