'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

// The storefront's one dialog primitive (SPEC §2): Escape closes unless closing is disabled, page scroll is
// locked, z-index 1104 (tokens.css), focus stays inside and returns to the opener, and everything actionable
// is a native button so Enter activates it. The page behind is made inert, which also hides it from screen
// readers while the dialog is open.

/** Element holding the page (everything but dialogs); see app/layout.tsx. */
export const APP_ROOT_ID = 'app-root';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

// Open dialogs, innermost last: only the innermost one reacts to keys, and the page stays locked until the last closes.
const stack: symbol[] = [];
let savedOverflow = '';
let savedPadding = '';

function lockPage() {
  const root = document.getElementById(APP_ROOT_ID);
  if (stack.length === 1) {
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    savedOverflow = document.body.style.overflow;
    savedPadding = document.body.style.paddingRight;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    root?.setAttribute('inert', '');
  }
}

function unlockPage() {
  if (stack.length === 0) {
    document.body.style.overflow = savedOverflow;
    document.body.style.paddingRight = savedPadding;
    document.getElementById(APP_ROOT_ID)?.removeAttribute('inert');
  }
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Visually hide the heading (it still names the dialog). */
  hideTitle?: boolean;
  /** While true, Escape, the close button and the backdrop do nothing (e.g. a request in flight). */
  closeDisabled?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  fullScreenOnMobile?: boolean;
  footer?: ReactNode;
  children: ReactNode;
  /** data-testid-like hook for tests and styling. */
  name?: string;
}

export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  closeDisabled = false,
  size = 'md',
  fullScreenOnMobile = false,
  footer,
  children,
  name,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const closeDisabledRef = useRef(closeDisabled);
  useEffect(() => {
    onCloseRef.current = onClose;
    closeDisabledRef.current = closeDisabled;
  });

  useEffect(() => {
    if (!open) return;
    const token = Symbol('modal');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(token);
    lockPage();

    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus({ preventScroll: true });

    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token || !dialog) return;
      if (event.key === 'Escape') {
        if (!closeDisabledRef.current) {
          event.preventDefault();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !dialog.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !dialog.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const index = stack.indexOf(token);
      if (index >= 0) stack.splice(index, 1);
      unlockPage();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <div
      className={`${styles.overlay} ${fullScreenOnMobile ? styles.fullScreenMobile : ''}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !closeDisabled) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[size]}`}
        data-modal={name}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          {hideTitle ? <span className={styles.title} /> : null}
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            disabled={closeDisabled}
            aria-label="Закрыть"
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
