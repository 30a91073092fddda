// The default modal (spec §2, §9): optional title, content width (default 400 px), max height
// 90vh, a close button; closes on Escape, a click outside, or a downward swipe beyond
// SWIPE_CLOSE_PX. Focus moves in, is trapped while open, and returns where it was on close.
import { useEffect, useId, useRef, type HTMLAttributes, type ReactNode } from 'react';

/** Default content width (px). */
export const MODAL_WIDTH = 400;
/** A downward swipe longer than this (px) closes the modal. */
export const SWIPE_CLOSE_PX = 120;

/** Modal props. */
export interface ModalProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode; // visible heading, also the dialog's accessible name
  label?: string; // accessible name when there is no visible title
  width?: number; // content width (px); at most the viewport
  onClose(): void;
  children: ReactNode;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog. */
export function Modal({ title, label, width = MODAL_WIDTH, onClose, children, className, ...rest }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const touchStart = useRef<number | null>(null);
  const pressedOutside = useRef(false);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const el = dialog.current;
    const first = el?.querySelector<HTMLElement>('[autofocus]') ?? el;
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
      } else if (e.key === 'Tab' && el) {
        const items = [...el.querySelectorAll<HTMLElement>(focusable)].filter(
          (n) => n.offsetParent !== null || n === document.activeElement,
        );
        if (items.length === 0) {
          e.preventDefault();
          el.focus();
          return;
        }
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        const active = document.activeElement;
        if (e.shiftKey && (active === firstItem || active === el)) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && (active === lastItem || !el.contains(active))) {
          e.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return (
    <div
      className="modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(e) => (pressedOutside.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressedOutside.current) onClose();
      }}
    >
      <div
        {...rest}
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        tabIndex={-1}
        className={['modal', className].filter(Boolean).join(' ')}
        style={{ ['--modal-width' as string]: `${width}px`, maxHeight: '90vh' }}
        onTouchStart={(e) =>
          (touchStart.current = (dialog.current?.scrollTop ?? 0) > 0 ? null : (e.touches[0]?.clientY ?? null))
        }
        onTouchMove={(e) => {
          const start = touchStart.current;
          const y = e.touches[0]?.clientY;
          if (start !== null && y !== undefined && dialog.current)
            dialog.current.style.transform = `translateY(${Math.max(0, y - start)}px)`;
        }}
        onTouchEnd={(e) => {
          const start = touchStart.current;
          const y = e.changedTouches[0]?.clientY;
          touchStart.current = null;
          if (dialog.current) dialog.current.style.transform = '';
          if (start !== null && y !== undefined && y - start > SWIPE_CLOSE_PX) onClose();
        }}
      >
        <button type="button" className="modal-close" onClick={onClose} aria-label="Close">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        {title && (
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
        )}
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
