import Link from 'next/link';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { safeUrl, type StartData } from '@/lib/start-data';
import { Logo, telHref } from './header';
import styles from './footer.module.css';

const SOCIALS = [
  { key: 'social_link_vk', label: 'ВКонтакте', short: 'VK' },
  { key: 'social_link_instagram', label: 'Instagram', short: 'IG' },
  { key: 'social_link_facebook', label: 'Facebook', short: 'FB' },
] as const;

export function Footer({ data }: { data: StartData }) {
  const { showcase, menu, city, branch } = data;
  const socials = SOCIALS.map((s) => ({ ...s, href: safeUrl(showcase[s.key]) })).filter((s) => s.href);
  const privacy = safeUrl(showcase.privacy_policy_link);
  const { name, inn, ogrn, address } = showcase.seller;
  // The seller's details as the law wants them on a shop's site (ЗоЗПП art. 9), from the showcase settings.
  const seller = [name, inn && `ИНН ${inn}`, ogrn && `ОГРН ${ogrn}`, address].filter(Boolean).join(' · ');
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section className={styles.about} aria-label="О магазине">
          {showcase.show_logo_in_footer ? (
            <Logo title={showcase.title} logo={showcase.logo} className={styles.logo} />
          ) : null}
          <p className={styles.tagline}>{showcase.tagline || showcase.description}</p>
          {socials.length > 0 ? (
            <ul role="list" className={styles.socials}>
              {socials.map((s) => (
                <li key={s.key}>
                  <a href={s.href!} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                    {s.short}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <nav aria-label="Информация для покупателей" className={styles.column}>
          <h2 className={styles.heading}>Покупателям</h2>
          <ul role="list">
            {menu.map((item) => (
              <li key={item.slug}>
                <Link href={`/pages/${item.slug}`}>{item.title}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Магазин" className={styles.column}>
          <h2 className={styles.heading}>Магазин</h2>
          <ul role="list">
            <li>
              <Link href="/catalog">Каталог</Link>
            </li>
            <li>
              <Link href="/cart">Корзина</Link>
            </li>
            <li>
              <Link href="/order-status" data-footer-order-status="">
                Статус заказа
              </Link>
            </li>
            <li>
              <Link href="/profile">Личный кабинет</Link>
            </li>
            <li>
              <Link href="/profile/orders">История заказов</Link>
            </li>
          </ul>
        </nav>

        <section aria-label="Контакты" className={styles.column}>
          <h2 className={styles.heading}>Контакты</h2>
          <ul role="list" className={styles.contacts}>
            {showcase.phone ? (
              <li>
                <a href={telHref(showcase.phone)} className={styles.contact}>
                  <PhoneIcon size={18} />
                  {showcase.phone}
                </a>
              </li>
            ) : null}
            {showcase.email ? (
              <li>
                <a href={`mailto:${showcase.email}`} className={styles.contact}>
                  <MailIcon size={18} />
                  {showcase.email}
                </a>
              </li>
            ) : null}
            {city && branch ? (
              <li className={styles.address}>
                {city.title}, {branch.street}
                {branch.work_time ? <span>{branch.work_time}</span> : null}
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`}>
          <div>
            <p>{showcase.footer_text || `© ${showcase.title}`}</p>
            {seller ? <p data-seller="">{seller}</p> : null}
          </div>
          {privacy ? (
            <a href={privacy} className={styles.privacy}>
              Политика конфиденциальности
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
