'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useShell } from '@/components/shell/shell-context';
import { CartIcon, GridIcon, HomeIcon, InfoIcon, UserIcon } from '@/components/ui/icons';
import { CartBadge } from './header-cart';
import styles from './bottom-menu.module.css';

/** SPEC §2 mobile bottom menu: Home, Catalogue, Cart (badge above zero), For buyers, Profile. */
export function BottomMenu({ cartCount }: { cartCount: number }) {
  const pathname = usePathname();
  const { session, openModal, catalogMenuOpen, setCatalogMenuOpen } = useShell();
  const current = (prefix: string) =>
    (prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`))
      ? 'page'
      : undefined;
  return (
    <nav className={styles.menu} aria-label="Нижнее меню" data-bottom-menu="">
      <ul role="list" className={styles.list}>
        <li>
          <Link href="/" className={styles.item} aria-current={current('/')}>
            <HomeIcon size={22} />
            <span>Главная</span>
          </Link>
        </li>
        <li>
          {/* Opens the full-screen catalogue menu (SPEC §2); the link still works before the page is interactive. */}
          <Link
            href="/catalog"
            className={styles.item}
            aria-current={current('/catalog')}
            aria-expanded={catalogMenuOpen}
            data-catalog-toggle=""
            onClick={(event) => {
              event.preventDefault();
              setCatalogMenuOpen((open) => !open);
            }}
          >
            <GridIcon size={22} />
            <span>Каталог</span>
          </Link>
        </li>
        <li>
          <Link href="/cart" className={styles.item} aria-current={current('/cart')}>
            <span className={styles.iconWrap}>
              <CartIcon size={22} />
              <CartBadge
                initial={{ count: cartCount, total: 0, totalText: '', label: '' }}
                className={styles.badge}
              />
            </span>
            <span>Корзина</span>
          </Link>
        </li>
        <li>
          <Link href="/pages" className={styles.item} aria-current={current('/pages')}>
            <InfoIcon size={22} />
            <span>Покупателям</span>
          </Link>
        </li>
        <li>
          {session.isAuthorized ? (
            <Link href="/profile" className={styles.item} aria-current={current('/profile')}>
              <UserIcon size={22} />
              <span>Профиль</span>
            </Link>
          ) : (
            <button type="button" className={styles.item} onClick={() => openModal('login')}>
              <UserIcon size={22} />
              <span>Профиль</span>
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
