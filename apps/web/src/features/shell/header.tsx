import Link from 'next/link';
import { CarIcon, GridIcon, PhoneIcon, SearchIcon } from '@/components/ui/icons';
import { HeaderCart } from '@/features/cart/header-cart';
import { cartSummaryText } from '@/lib/cart-summary';
import { safeUrl, type StartData } from '@/lib/start-data';
import { CityButton, CompactFrame, HelpButton, UserButton } from './header-islands';
import styles from './header.module.css';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function Logo({ title, logo, className }: { title: string; logo: string; className?: string }) {
  const src = safeUrl(logo);
  return (
    <Link href="/" className={`${styles.logo} ${className ?? ''}`} aria-label={`${title} — на главную`}>
      {src ? (
        <img src={src} alt="" width={148} height={40} className={styles.logoImage} />
      ) : (
        <span className={styles.logoMark} aria-hidden="true">
          П
        </span>
      )}
      <span className={src ? 'visually-hidden' : styles.logoText}>{title}</span>
    </Link>
  );
}

function CartLink({ count, total }: { count: number; total: number }) {
  const classes = {
    link: styles.cart,
    icon: styles.cartIcon,
    count: styles.cartCount,
    text: styles.cartText,
    title: styles.cartTitle,
    total: styles.cartTotal,
  };
  return <HeaderCart initial={cartSummaryText(count, total)} classes={classes} />;
}

/** SPEC §2 header: logo, city, search, phone, cart, consultation, user; full or compact; mobile rows. */
export function Header({ data }: { data: StartData }) {
  const { showcase, city, branch, transport, cart, menu } = data;
  const cityLabel = `Город: ${city?.title ?? 'не выбран'}`;
  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={`container ${styles.topInner}`}>
          <CityButton label={cityLabel} />
          {branch && city ? (
            <span className={styles.branchNote}>
              {branch.title}, {branch.street}
            </span>
          ) : null}
          <nav aria-label="Покупателям" className={styles.topNav}>
            <ul role="list">
              {menu.slice(0, 4).map((item) => (
                <li key={item.slug}>
                  <Link href={`/pages/${item.slug}`}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>

      <CompactFrame>
        <div className={`container ${styles.mainInner}`}>
          <Logo title={showcase.title} logo={showcase.logo} />
          <Link href="/catalog" className={styles.catalogButton}>
            <GridIcon size={20} />
            <span>Каталог</span>
          </Link>
          <form role="search" action="/catalog" className={styles.search} data-search="">
            <label htmlFor="header-search" className="visually-hidden">
              Поиск по каталогу
            </label>
            <SearchIcon size={20} className={styles.searchIcon} />
            <input
              id="header-search"
              name="search"
              type="search"
              placeholder="Поиск по названию, артикулу или автомобилю"
              autoComplete="off"
              maxLength={200}
              className={styles.searchInput}
            />
          </form>
          {showcase.phone ? (
            <a
              href={telHref(showcase.phone)}
              className={styles.phone}
              aria-label={`Позвонить: ${showcase.phone}`}
              data-header-phone=""
            >
              <PhoneIcon size={20} />
              <span className={styles.phoneText}>
                <span className={styles.phoneNumber}>{showcase.phone}</span>
                <span className={styles.phoneNote}>Ежедневно 9:00–21:00</span>
              </span>
            </a>
          ) : null}
          <HelpButton label="Консультация специалиста" />
          <div className={styles.desktopOnly}>
            <UserButton />
          </div>
          <div className={styles.desktopOnly}>
            <CartLink count={cart.count} total={cart.total} />
          </div>
        </div>
      </CompactFrame>

      <div className={styles.mobileBar}>
        <div className={`container ${styles.mobileInner}`}>
          <CityButton label={cityLabel} className={styles.chip} />
          <Link href="/catalog" className={`${styles.chip} ${styles.transportChip}`} data-transport-button="">
            <CarIcon size={18} />
            <span>{transport?.label || 'Выберите транспорт'}</span>
          </Link>
        </div>
      </div>
    </header>
  );
}
