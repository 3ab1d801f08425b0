'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useShell } from '@/components/shell/shell-context';
import { CarIcon, HistoryIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import styles from './profile.module.css';

/** The personal account's section menu: profile, order history, and sign-out (with confirmation). */
export function ProfileNav() {
  const pathname = usePathname();
  const { openModal } = useShell();
  const links = [
    {
      href: '/profile',
      label: 'Мой профиль',
      icon: <UserIcon size={20} />,
      current: pathname === '/profile',
    },
    {
      href: '/profile/orders',
      label: 'История заказов',
      icon: <HistoryIcon size={20} />,
      current: pathname.startsWith('/profile/orders'),
    },
    {
      href: '/profile/garage',
      label: 'Гараж',
      icon: <CarIcon size={20} />,
      current: pathname.startsWith('/profile/garage'),
    },
  ];
  return (
    <nav aria-label="Личный кабинет" className={styles.nav}>
      <p className={styles.navTitle}>Личный кабинет</p>
      <ul role="list">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className={styles.navLink}
              aria-current={link.current ? 'page' : undefined}
            >
              {link.icon}
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={styles.navLink}
            onClick={() => openModal('logout')}
            data-profile-logout=""
          >
            <LogoutIcon size={20} />
            Выйти
          </button>
        </li>
      </ul>
    </nav>
  );
}
