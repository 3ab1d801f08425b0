'use client';

import type { FeedbackType } from '@podbor/contract';
import Link from 'next/link';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useShell } from '@/components/shell/shell-context';
import {
  CarIcon,
  ChatIcon,
  ChevronDownIcon,
  HistoryIcon,
  LogoutIcon,
  PinIcon,
  UserIcon,
} from '@/components/ui/icons';
import { reachGoal } from '@/lib/analytics';
import { useLoginPending } from '@/lib/login-pending';
import styles from './header.module.css';

/** Scroll distance after which the desktop header turns compact, and the scroll debounce. */
export const COMPACT_THRESHOLD_PX = 160;
export const COMPACT_DEBOUNCE_MS = 60;
/** Desktop starts above the 830 px breakpoint; below it the header always stays full (SPEC §2). */
const DESKTOP_QUERY = '(min-width: 831px)';

/**
 * The main header row. On desktop it detaches and sticks to the top once the page is scrolled past the
 * threshold; its slot keeps the full height so the page below does not jump.
 */
export function CompactFrame({ children }: { children: ReactNode }) {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => setCompact(desktop.matches && window.scrollY > COMPACT_THRESHOLD_PX);
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(check, COMPACT_DEBOUNCE_MS);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    desktop.addEventListener('change', check);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      desktop.removeEventListener('change', check);
    };
  }, []);
  return (
    <div className={styles.mainSlot}>
      <div className={styles.mainBar} data-header-bar="" data-compact={compact ? 'true' : 'false'}>
        {children}
      </div>
    </div>
  );
}

export function CityButton({ label, className }: { label: string; className?: string }) {
  const { openModal } = useShell();
  return (
    <button
      type="button"
      className={`${styles.cityButton} ${className ?? ''}`}
      data-city-button=""
      onClick={() => openModal('city')}
    >
      <PinIcon size={18} />
      <span>{label}</span>
      <ChevronDownIcon size={16} />
    </button>
  );
}

/**
 * Opens the vehicle selector (SPEC §2–§3) and shows the chosen vehicle in its SPEC §3 text form. Desktop shows it
 * in the top bar; phones in the header's chip row (`data-transport-button`).
 */
export function TransportButton({
  label,
  className,
  mobile = false,
  prefix = false,
}: {
  label: string | null;
  className?: string;
  mobile?: boolean;
  /** Prefix the vehicle with 'Транспорт:' (the top bar, where it sits next to the city). */
  prefix?: boolean;
}) {
  const { openModal } = useShell();
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      data-transport-button={mobile ? '' : undefined}
      data-transport-open=""
      data-transport-selected={label ? '' : undefined}
      onClick={() => openModal('transport')}
    >
      <CarIcon size={18} />
      {prefix && label ? <span className={styles.transportPrefix}>Транспорт:</span> : null}
      <span data-transport-label="">{label || 'Выберите транспорт'}</span>
      {mobile ? null : <ChevronDownIcon size={16} />}
    </button>
  );
}

export function HelpButton({
  type = 'CONSULTATION',
  className,
  children,
  label,
}: {
  type?: FeedbackType;
  className?: string;
  children?: ReactNode;
  label?: string;
}) {
  const { openModal, session } = useShell();
  const goal = session.metrics?.button_global_help;
  return (
    <button
      type="button"
      className={className ?? styles.helpButton}
      aria-label={label}
      data-help-button=""
      onClick={() => {
        reachGoal(goal);
        openModal('help', { help: { type } });
      }}
    >
      {children ?? (
        <>
          <ChatIcon size={22} />
          <span className={styles.helpLabel}>Консультация</span>
        </>
      )}
    </button>
  );
}

/** SPEC §2 user button: a menu when signed in, the login dialog otherwise. */
export function UserButton() {
  const { session, openModal } = useShell();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  // SPEC §2: the button does nothing while a login request is in progress.
  const loginPending = useLoginPending();
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!session.isAuthorized) {
    return (
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => {
          if (!loginPending) openModal('login');
        }}
        aria-disabled={loginPending || undefined}
        // The compact header hides the label: the name must not go with it.
        aria-label="Войти"
        data-user-button=""
      >
        <UserIcon size={22} />
        <span className={styles.iconLabel}>Войти</span>
      </button>
    );
  }
  return (
    <div className={styles.userMenuWrap} ref={wrapRef}>
      <button
        type="button"
        className={styles.iconButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          if (!loginPending) setOpen((v) => !v);
        }}
        aria-label="Профиль"
        data-user-button=""
      >
        <UserIcon size={22} />
        <span className={styles.iconLabel}>Профиль</span>
      </button>
      {open ? (
        <ul id={menuId} role="menu" className={styles.userMenu}>
          <li role="none">
            <Link role="menuitem" href="/profile" onClick={() => setOpen(false)}>
              <UserIcon size={18} /> Мой профиль
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" href="/profile/orders" onClick={() => setOpen(false)}>
              <HistoryIcon size={18} /> История заказов
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                openModal('logout');
              }}
            >
              <LogoutIcon size={18} /> Выйти
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
