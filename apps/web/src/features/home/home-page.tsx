import { CALLBACK_MINUTES, catalogLink, formatNumber, formatTransportText, pluralRu } from '@podbor/contract';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { OpenModalButton } from '@/components/shell/open-modal-button';
import { buttonClass } from '@/components/ui/button';
import {
  CarIcon,
  ChatIcon,
  ChevronRightIcon,
  ClockIcon,
  PinIcon,
  ShieldIcon,
  TruckIcon,
  WrenchIcon,
} from '@/components/ui/icons';
import { ProductCard } from '@/components/catalog/product-card';
import { safeUrl, type StartData } from '@/lib/start-data';
import type { HomeData } from './home-data';
import styles from './home-page.module.css';

const BENEFITS = [
  {
    icon: ShieldIcon,
    title: 'Подбор без ошибок',
    text: 'Проверяем совместимость по марке, модели, году и двигателю',
  },
  { icon: WrenchIcon, title: 'Установка в сервисе', text: 'Поставим купленные запчасти в наших филиалах' },
  {
    icon: TruckIcon,
    title: 'Самовывоз сегодня',
    text: 'Большая часть товаров — в наличии на складах филиалов',
  },
  {
    icon: ClockIcon,
    title: `Звонок за ${CALLBACK_MINUTES} минут`,
    text: 'Специалист перезвонит и предложит лучший вариант',
  },
];

/** `vehicleSelector` is the transport feature's selector, composed by the route (features do not import each other). */
export function HomePage({
  data,
  home,
  vehicleSelector,
}: {
  data: StartData;
  home: HomeData;
  vehicleSelector: ReactNode;
}) {
  const { showcase, cities, city, menu, transport } = data;
  const branchCount = cities.reduce((n, c) => n + c.branches.length, 0);
  const promo = home.banners;
  const tagline = showcase.tagline || showcase.seo_tagline;
  const transportLabel = transport ? transport.label || formatTransportText(transport) : null;
  const forVehicle = transportLabel ? ` для ${transportLabel}` : '';

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
              <Link href="/maintenance" className={buttonClass('secondary', 'lg', false, styles.ghostOnDark)}>
                Каталог ТО
              </Link>
              <OpenModalButton
                kind="help"
                helpType="HELP"
                goal="button_part_help"
                className={buttonClass('secondary', 'lg', false, styles.ghostOnDark)}
              >
                Помощь в подборе
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
          <section className={styles.vehicleCard} aria-labelledby="home-vehicle" data-home-vehicle="">
            <h2 id="home-vehicle" className={styles.vehicleTitle}>
              <CarIcon size={24} /> Подбор по автомобилю
            </h2>
            <p className={styles.vehicleLead}>
              Укажите год, марку, модель и двигатель — каталог, цены и наличие покажем только для вашего
              транспорта.
            </p>
            {vehicleSelector}
          </section>
          <div className={styles.vehicleMobile} data-home-vehicle-mobile="">
            <span className={styles.vehicleMobileIcon} aria-hidden="true">
              <CarIcon size={22} />
            </span>
            <span className={styles.vehicleMobileText}>
              <span className={styles.vehicleMobileCaption}>
                {transportLabel ? 'Ваш транспорт' : 'Подбор по автомобилю'}
              </span>
              <strong>{transportLabel ?? 'Покажем только то, что подходит'}</strong>
            </span>
            <OpenModalButton kind="transport" className={buttonClass('accent', 'sm')}>
              {transportLabel ? 'Изменить' : 'Выбрать'}
            </OpenModalButton>
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

        {promo.length > 0 ? (
          <section className="container render-lazy" aria-label="Акции">
            <ul role="list" className={styles.promos}>
              {promo.slice(0, 3).map((banner) => {
                const image = safeUrl(banner.image);
                return (
                  <li key={banner.id}>
                    <a href={safeUrl(banner.url) ?? '/catalog'} className={styles.promo}>
                      {image ? <img src={image} alt="" width={400} height={220} loading="lazy" /> : null}
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

        {home.popular.length > 0 ? (
          <section
            className="container render-lazy"
            aria-labelledby="home-categories"
            data-home-categories=""
          >
            <div className={styles.sectionHead}>
              <h2 id="home-categories" className={styles.sectionTitle}>
                Популярные категории
                {forVehicle ? <span className={styles.sectionFor}>{forVehicle}</span> : null}
              </h2>
              <Link href={catalogLink([], data.transportId)} className={styles.more}>
                Весь каталог <ChevronRightIcon size={18} />
              </Link>
            </div>
            <ul role="list" className={styles.categories}>
              {home.popular.map((category) => {
                const image = safeUrl(category.image);
                return (
                  <li key={category.slug}>
                    <Link
                      href={catalogLink(category.path, data.transportId)}
                      className={styles.category}
                      data-category={category.slug}
                    >
                      {image ? (
                        <img
                          src={image}
                          alt=""
                          width={96}
                          height={96}
                          loading="lazy"
                          className={styles.categoryImage}
                        />
                      ) : (
                        <span className={styles.categoryPlaceholder} aria-hidden="true">
                          {category.title.charAt(0)}
                        </span>
                      )}
                      <span className={styles.categoryTitle}>{category.title}</span>
                      <span className={styles.categoryCount} data-count={category.count}>
                        {formatNumber(category.count)}{' '}
                        {pluralRu(category.count, ['товар', 'товара', 'товаров'])}
                      </span>
                      {category.fitted === 0 ? (
                        <span className={styles.categoryUniversal}>Универсальные</span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : transportLabel && home.catalogAvailable ? (
          <section className="container render-lazy" aria-labelledby="home-nothing">
            <div className={styles.nothing}>
              <h2 id="home-nothing" className={styles.sectionTitle}>
                Для {transportLabel} пока ничего не нашлось
              </h2>
              <p>Проверьте год и двигатель или посмотрите весь каталог — там есть универсальные товары.</p>
              <div className={styles.nothingActions}>
                <OpenModalButton kind="transport" className={buttonClass('primary')}>
                  Изменить транспорт
                </OpenModalButton>
                <Link href="/catalog" className={buttonClass('secondary')}>
                  Весь каталог
                </Link>
              </div>
            </div>
          </section>
        ) : null}

        {home.shelves.map((shelf) => (
          <section
            key={shelf.category.slug}
            className="container render-lazy"
            aria-labelledby={`home-shelf-${shelf.category.slug}`}
            data-home-shelf={shelf.category.slug}
          >
            <div className={styles.sectionHead}>
              <h2 id={`home-shelf-${shelf.category.slug}`} className={styles.sectionTitle}>
                {shelf.category.title}
                <span className={styles.sectionFor}>
                  {forVehicle ? ` — популярное${forVehicle}` : ' — популярное'}
                </span>
              </h2>
              <Link href={catalogLink(shelf.category.path, data.transportId)} className={styles.more}>
                Все {formatNumber(shelf.total)} <ChevronRightIcon size={18} />
              </Link>
            </div>
            <ul role="list" className={styles.products}>
              {shelf.products.map((product) => (
                <li key={product.slug}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          </section>
        ))}

        <section className={`container render-lazy ${styles.split}`} aria-label="Филиалы и информация">
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

        <section className="container render-lazy" aria-labelledby="home-callback">
          <div className={styles.callback}>
            <span className={styles.callbackIcon}>
              <ChatIcon size={32} />
            </span>
            <div>
              <h2 id="home-callback" className={styles.callbackTitle}>
                Не уверены, что подойдёт?
              </h2>
              <p>
                Оставьте номер — специалист перезвонит в течение {CALLBACK_MINUTES} минут и подберёт запчасть
                под ваш автомобиль.
              </p>
            </div>
            <OpenModalButton
              kind="help"
              helpType="CONSULTATION"
              goal="button_global_help"
              className={buttonClass('accent', 'lg')}
            >
              Заказать звонок
            </OpenModalButton>
          </div>
        </section>
      </Suspense>
    </div>
  );
}
