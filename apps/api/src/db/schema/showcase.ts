import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalog';

/** One storefront configuration; the API picks it by the X-Client-Host header, falling back to the default. */
export const showcases = pgTable(
  'showcases',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    host: text(),
    isDefault: boolean().notNull().default(false),
    title: text().notNull(),
    logo: text().notNull().default(''),
    favicon: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    description: text().notNull().default(''),
    tagline: text().notNull().default(''),
    footerText: text().notNull().default(''),
    privacyPolicyLink: text().notNull().default(''),
    showLogoInFooter: boolean().notNull().default(true),
    socialLinkVk: text().notNull().default(''),
    socialLinkInstagram: text().notNull().default(''),
    socialLinkFacebook: text().notNull().default(''),
    /** Yandex Metrika counter id and the goal names of the storefront buttons (API-SHAPES §1). */
    metrics: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    gaId: text().notNull().default(''),
    seoTagline: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    /** Opening hours of the phone line and the callback service ('08:00'–'22:00'), in `timeZone`. */
    workHoursFrom: text().notNull().default(''),
    workHoursTo: text().notNull().default(''),
    timeZone: text().notNull().default('Europe/Moscow'),
    /** The seller as the law wants it named on the site (ЗоЗПП art. 9, 152-FZ): one place for footer and pages. */
    legalName: text().notNull().default(''),
    inn: text().notNull().default(''),
    ogrn: text().notNull().default(''),
    legalAddress: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('showcases_host_uq').on(t.host),
    // At most one default showcase.
    uniqueIndex('showcases_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export const infoPages = pgTable(
  'info_pages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    showcaseId: integer().references(() => showcases.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    /** Trusted HTML written by staff; the storefront still sanitises it before rendering. */
    text: text().notNull().default(''),
    sort: integer().notNull().default(0),
    isPublished: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('info_pages_slug_uq').on(t.slug), index('info_pages_sort_idx').on(t.sort)],
);

export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    showcaseId: integer().references(() => showcases.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    subtitle: text().notNull().default(''),
    image: text().notNull(),
    url: text().notNull().default(''),
    sort: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index('banners_category_idx').on(t.categoryId, t.sort)],
);
