'use client';

import { STAFF_ROLE_TITLES, type StaffMember } from '@podbor/contract';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { AdminQueryProvider } from './admin-query';
import { ADMIN_LOGIN_PATH } from './paths';
import styles from './admin.module.css';
import { ADMIN_NAV } from './nav';

function isCurrent(pathname: string, href: string): boolean {
  return href === '/admin' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The frame of every signed-in back-office screen: the section menu, who is signed in, and the top bar where live
 * counters sit (`topbar`: e.g. open and overdue callback requests).
 */
export function AdminFrame({
  staff,
  topbar,
  children,
}: {
  staff: StaffMember;
  topbar?: ReactNode;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    await fetch('/api/session/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
    window.location.assign(ADMIN_LOGIN_PATH);
  }

  return (
    <AdminQueryProvider>
      <div className={styles.frame}>
        <aside className={styles.sidebar}>
          <Link href="/admin" className={styles.brand}>
            <span className={styles.brandName}>Подбор</span>
            <span className={styles.brandNote}>Панель управления</span>
          </Link>
          <nav aria-label="Разделы" className={styles.nav}>
            {ADMIN_NAV.filter((item) => !item.roles || item.roles.includes(staff.role)).map((item) => (
              <Link
                key={item.href}
                href={item.href}
                className={styles.navLink}
                aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}
              >
                <item.icon aria-hidden="true" />
                {item.label}
              </Link>
            ))}
          </nav>
          <div className={styles.who}>
            <span className={styles.whoName} data-staff-name="">
              {staff.name}
            </span>
            <span className={styles.whoRole}>{STAFF_ROLE_TITLES[staff.role]}</span>
            <button type="button" className={styles.logout} onClick={logout} disabled={leaving}>
              Выйти
            </button>
          </div>
        </aside>
        <div className={styles.content}>
          <div className={styles.topbar}>
            {topbar}
            <Link href="/" className={styles.muted}>
              Открыть магазин ↗
            </Link>
          </div>
          <main id="main" tabIndex={-1} className={styles.main}>
            {children}
          </main>
        </div>
      </div>
    </AdminQueryProvider>
  );
}
