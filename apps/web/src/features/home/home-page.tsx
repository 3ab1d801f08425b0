import { CALLBACK_MINUTES, categoryUrl, pluralRu, type Banner, type CategoryNode } from '@podbor/contract';
import Link from 'next/link';
import { Suspense } from 'react';
import { OpenModalButton } from '@/components/shell/open-modal-button';
import { buttonClass } from '@/components/ui/button';
import { ChatIcon, ChevronRightIcon, ClockIcon, PinIcon, ShieldIcon, TruckIcon, WrenchIcon } from '@/components/ui/icons';
import { safeUrl, type StartData } from '@/lib/start-data';
import styles from './home-page.module.css';

const BENEFITS = [
  { icon: ShieldIcon, title: 'Подбор без ошибок', text: 'Проверяем совместимость по марке, модели, году и двигателю' },
  { icon: WrenchIcon, title: 'Установка в сервисе', text: 'Поставим купленные запчасти в наших филиалах' },
  { icon: TruckIcon, title: 'Самовывоз сегодня', text: 'Большая часть товаров — в наличии на складах филиалов' },
  { icon: ClockIcon, title: `Звонок за ${CALLBACK_MINUTES} минут`, text: 'Специалист перезвонит и предложит лучший вариант' },
];

export function HomePage({
  data,
  banners,
  categories,
}: {
  data: StartData;
  banners: readonly Banner[];
  categories: readonly CategoryNode[];
}) {
  const { showcase, cities, city, menu } = data;
  const branchCount = cities.reduce((n, c) => n + c.branches.length, 0);
  const [hero, ...promo] = banners;
  const heroImage = safeUrl(hero?.image);
  const tagline = showcase.tagline || showcase.seo_tagline;
  const topCategories = categories.filter((c) => c.total > 0).slice(0, 8);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            {city ? (
              <p className={styles.eyebrow}>
                <PinIcon size={16} /> {city.title}: {city.branches.length}{' '}
                {pluralRu(city.branches.length, ['филиал', 'филиала', 'филиалов'])} с установкой
              </p>
            ) : null}
            <h1 id="home-title" className={styles.title}>
              <span className={styles.brand}>{showcase.title}</span>
              {tagline ? <span className={styles.tagline}>{tagline}</span> : null}
            </h1>
            {showcase.description ? <p className={styles.lead}>{showcase.description}</p> : null}
            <div className={styles.actions}>
              <Link href="/catalog" className={buttonClass('accent', 'lg')}>
                Перейти в каталог
              </Link>
              <OpenModalButton kind="help" helpType="HELP" goal="button_part_help" className={buttonClass('secondary', 'lg', false, styles.ghostOnDark)}>
                Подобрать по автомобилю
              </OpenModalButton>
            </div>
            {branchCount > 0 ? (
              <dl className={styles.stats}>
                <div>
                  <dt>{pluralRu(branchCount, ['филиал', 'филиала', 'филиалов'])}</dt>
                  <dd>{branchCount}</dd>
                </div>
                <div>
                  <dt>{pluralRu(cities.length, ['город', 'города', 'городов'])}</dt>
                  <dd>{cities.length}</dd>
                </div>
                <div>
                  <dt>минут до звонка</dt>
                  <dd>{CALLBACK_MINUTES}</dd>
                </div>
              </dl>
            ) : null}
          </div>
          <div className={styles.heroVisual}>
            {hero && heroImage ? (
              <a href={safeUrl(hero.url) ?? '/catalog'} className={styles.heroBanner}>
                <img src={heroImage} alt={hero.title} width={640} height={400} fetchPriority="high" />
                <span className={styles.heroBannerText}>
                  <strong>{hero.title}</strong>
                  {hero.subtitle ? <span>{hero.subtitle}</span> : null}
                </span>
              </a>
            ) : (
              <div className={styles.heroCard} aria-hidden="true">
                <span className={styles.heroCardIcon}>
                  <WrenchIcon size={40} />
                </span>
                <p className={styles.heroCardTitle}>Масла, фильтры, тормоза, подвеска, электрика</p>
                <p className={styles.heroCardText}>Оригинал и проверенные аналоги с гарантией</p>
              </div>
            )}
          </div>
        </div>
      </section>

      {/* Below the fold: a separate hydration unit, so the first screen becomes interactive sooner. */}
      <Suspense>
      <section className="container" aria-label="Преимущества">
        <ul role="list" className={styles.benefits}>
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.benefit}>
              <span className={styles.benefitIcon}>
                <Icon size={24} />
              </span>
              <span>
                <strong>{title}</strong>
                <span className={styles.benefitText}>{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      {topCategories.length > 0 ? (
        <section className="container" aria-labelledby="home-categories">
          <div className={styles.sectionHead}>
            <h2 id="home-categories" className={styles.sectionTitle}>
              Популярные категории
            </h2>
            <Link href="/catalog" className={styles.more}>
              Весь каталог <ChevronRightIcon size={18} />
            </Link>
          </div>
          <ul role="list" className={styles.categories}>
            {topCategories.map((category) => {
              const image = safeUrl(category.image);
              return (
                <li key={category.slug}>
                  <Link href={categoryUrl([category.slug])} className={styles.category}>
                    {image ? (
                      <img src={image} alt="" width={96} height={96} loading="lazy" className={styles.categoryImage} />
                    ) : (
                      <span className={styles.categoryPlaceholder} aria-hidden="true">
                        {category.title.charAt(0)}
                      </span>
                    )}
                    <span className={styles.categoryTitle}>{category.title}</span>
                    <span className={styles.categoryCount}>
                      {category.total} {pluralRu(category.total, ['товар', 'товара', 'товаров'])}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {promo.length > 0 ? (
        <section className="container" aria-label="Акции">
          <ul role="list" className={styles.promos}>
            {promo.slice(0, 3).map((banner) => {
              const image = safeUrl(banner.image);
              return (
                <li key={banner.id}>
                  <a href={safeUrl(banner.url) ?? '/catalog'} className={styles.promo}>
                    {image ? (
                      <img src={image} alt="" width={400} height={220} loading="lazy" />
                    ) : null}
                    <span className={styles.promoText}>
                      <strong>{banner.title}</strong>
                      {banner.subtitle ? <span>{banner.subtitle}</span> : null}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section className={`container ${styles.split}`} aria-label="Филиалы и информация">
        <div className={styles.panel}>
          <h2 className={styles.sectionTitle}>Филиалы рядом с вами</h2>
          <p className={styles.panelText}>
            Забирайте заказ и устанавливайте запчасти в ближайшем филиале.
            {city ? ` Сейчас выбран город ${city.title}.` : ''}
          </p>
          <ul role="list" className={styles.cityList}>
            {cities.slice(0, 8).map((c) => (
              <li key={c.slug}>
                <span>{c.title}</span>
                <span className={styles.cityCount}>{c.branches.length}</span>
              </li>
            ))}
          </ul>
          <OpenModalButton kind="city" className={buttonClass('secondary')}>
            <PinIcon size={18} /> Выбрать город и филиал
          </OpenModalButton>
        </div>
        <div className={styles.panel}>
          <h2 className={styles.sectionTitle}>Покупателям</h2>
          <ul role="list" className={styles.infoLinks}>
            {menu.map((item) => (
              <li key={item.slug}>
                <Link href={`/pages/${item.slug}`}>
                  {item.title}
                  <ChevronRightIcon size={18} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container" aria-labelledby="home-callback">
        <div className={styles.callback}>
          <span className={styles.callbackIcon}>
            <ChatIcon size={32} />
          </span>
          <div>
            <h2 id="home-callback" className={styles.callbackTitle}>
              Не уверены, что подойдёт?
            </h2>
            <p>Оставьте номер — специалист перезвонит в течение {CALLBACK_MINUTES} минут и подберёт запчасть под ваш автомобиль.</p>
          </div>
          <OpenModalButton kind="help" helpType="CONSULTATION" goal="button_global_help" className={buttonClass('accent', 'lg')}>
            Заказать звонок
          </OpenModalButton>
        </div>
      </section>
      </Suspense>
    </div>
  );
}
