import { formatTransportText } from '@podbor/contract';
import Link from 'next/link';
import { PhoneIcon } from '@/components/ui/icons';
import { HeaderCart } from './header-cart';
import { CatalogMenuButton } from '@/features/catalog-menu/catalog-menu-button';
import { SearchBox } from '@/features/search/search-box';
import { hoursRange } from '@/lib/work-hours';
import { cartSummaryText } from '@/lib/cart-summary';
import { safeUrl, type StartData } from '@/lib/start-data';
import { CityButton, CompactFrame, HelpButton, TransportButton, UserButton } from './header-islands';
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
  const hours = hoursRange(showcase.work_hours);
  const cityLabel = `Город: ${city?.title ?? 'не выбран'}`;
  // SPEC §3 text form of the chosen vehicle ('Brand Model 2015–2020 1.6 (106 л.с.)').
  const transportLabel = transport ? transport.label || formatTransportText(transport) : null;
  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={`container ${styles.topInner}`}>
          <CityButton label={cityLabel} />
          <TransportButton label={transportLabel} className={styles.transportButton} prefix />
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
          <CatalogMenuButton className={styles.catalogButton} transportLabel={transportLabel} />
          <SearchBox
            className={styles.search}
            inputClassName={styles.searchInput}
            iconClassName={styles.searchIcon}
          />
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
                {hours ? <span className={styles.phoneNote}>Ежедневно {hours}</span> : null}
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
          {/* Phones: city and vehicle between the logo row and the search field, so that the search row is the
              header's last and alone stays on screen while the page scrolls (header.module.css). */}
          <div className={styles.mobileBar}>
            <CityButton label={cityLabel} className={styles.chip} />
            <TransportButton
              label={transportLabel}
              className={`${styles.chip} ${styles.transportChip}`}
              mobile
            />
          </div>
        </div>
      </CompactFrame>
    </header>
  );
}
