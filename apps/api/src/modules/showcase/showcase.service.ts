import type { FastifyRequest } from 'fastify';
import { pluralRu, type ShowcaseResponse } from '@podbor/contract';
import type { Db } from '../../db/client';
import { eventHub } from '../../lib/events';
import { notFound } from '../../lib/http-error';
import { findShowcaseForHost, type ShowcaseRow } from './showcase.repository';

const TTL_MS = 30_000;
const MAX_HOSTS = 500;

export interface ShowcaseResolver {
  /** The showcase for the request's X-Client-Host (or the default). */
  forRequest(request: FastifyRequest): Promise<ShowcaseRow>;
}

/** `Shop.Example.ru:3000` → `shop.example.ru`; junk → null (the default showcase then). */
export function normaliseHost(raw: string | string[] | undefined): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const host = value.trim().toLowerCase().replace(/:\d+$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null;
}

/**
 * Showcase settings change rarely and every page asks for them, so each process keeps them for 30 s — dropped
 * at once when the back office saves them in any process (`content.changed` of the showcase, lib/events.ts), and
 * kept only briefly while this process cannot hear those events.
 * The cache is bounded: unknown hosts share the default's entry key only after a miss.
 */
export function createShowcaseResolver(db: Db): ShowcaseResolver {
  const cache = new Map<string, { row: ShowcaseRow; at: number }>();
  const hub = eventHub(db);
  hub.on((event) => {
    if (event.type === 'resync' || (event.type === 'content.changed' && event.entity === 'showcase'))
      cache.clear();
  });
  return {
    async forRequest(request) {
      const host = normaliseHost(request.headers['x-client-host']);
      const key = host ?? '';
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < hub.ttl(TTL_MS)) return hit.row;
      const row = await findShowcaseForHost(db, host);
      if (!row) throw notFound('Витрина не настроена.');
      if (cache.size >= MAX_HOSTS) cache.clear();
      cache.set(key, { row, at: Date.now() });
      return row;
    },
  };
}

export function toShowcaseResponse(row: ShowcaseRow): ShowcaseResponse {
  const metrics = row.metrics ?? {};
  const goal = (name: string) => String(metrics[name] ?? '');
  return {
    title: row.title,
    logo: row.logo,
    favicon: row.favicon,
    email: row.email,
    phone: row.phone,
    description: fillShopFacts(row.description, row, false),
    tagline: fillShopFacts(row.tagline, row, false),
    footer_text: fillShopFacts(row.footerText, row, false),
    privacy_policy_link: row.privacyPolicyLink,
    show_logo_in_footer: row.showLogoInFooter,
    social_link_vk: row.socialLinkVk,
    social_link_instagram: row.socialLinkInstagram,
    social_link_facebook: row.socialLinkFacebook,
    metrics: {
      metric_id: Number(metrics.metric_id ?? 0) || null,
      button_card_buy: goal('button_card_buy'),
      button_card_cart: goal('button_card_cart'),
      button_product_buy: goal('button_product_buy'),
      button_product_cart: goal('button_product_cart'),
      button_product_help: goal('button_product_help'),
      button_product_special: goal('button_product_special'),
      button_global_help: goal('button_global_help'),
      button_cart_help: goal('button_cart_help'),
      button_cart_special: goal('button_cart_special'),
      button_cart_submit: goal('button_cart_submit'),
      button_callback_submit: goal('button_callback_submit'),
      button_buy_submit: goal('button_buy_submit'),
      button_part_help: goal('button_part_help'),
    },
    gaId: row.gaId,
    seo_tagline: row.seoTagline,
    seo_description: fillShopFacts(row.seoDescription, row, false),
    work_hours: { from: row.workHoursFrom, to: row.workHoursTo, time_zone: row.timeZone },
    seller: { name: row.legalName, inn: row.inn, ogrn: row.ogrn, address: row.legalAddress },
    branches_count: row.branchesCount,
    cities_count: row.citiesCount,
  };
}

/**
 * Texts written by staff (info pages, the showcase's description) quote the shop's facts through placeholders,
 * filled from the data each time they are served, so a page never says 35 branches while the list has 36:
 * `{{branches}}` «36 филиалов», `{{cities_in}}` «в 12 городах», `{{hours}}` «с 8:00 до 22:00»,
 * `{{seller}}` the seller's legal details as a paragraph, `{{seller_name}}` «ООО «Подбор»».
 */
export function fillShopFacts(text: string, row: ShowcaseRow, html: boolean): string {
  if (!text.includes('{{')) return text;
  const esc = (s: string) =>
    html ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;
  const facts: Record<string, string> = {
    branches: `${row.branchesCount} ${pluralRu(row.branchesCount, ['филиал', 'филиала', 'филиалов'])}`,
    cities_in: `в ${row.citiesCount} ${pluralRu(row.citiesCount, ['городе', 'городах', 'городах'])}`,
    hours: hoursText(row),
    seller_name: esc(row.legalName || row.title),
    seller: esc(sellerLine(row)),
  };
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => facts[key] ?? whole);
}

const trimHour = (hhmm: string) => hhmm.replace(/^0(\d)/, '$1');

export function hoursText(row: Pick<ShowcaseRow, 'workHoursFrom' | 'workHoursTo'>): string {
  if (!row.workHoursFrom || !row.workHoursTo) return 'круглосуточно';
  return `с ${trimHour(row.workHoursFrom)} до ${trimHour(row.workHoursTo)}`;
}

/** «ООО «Подбор», ИНН 7727123456, ОГРН 1127746123450, 117342, г. Москва, …» — what is set of it. */
export function sellerLine(
  row: Pick<ShowcaseRow, 'legalName' | 'title' | 'inn' | 'ogrn' | 'legalAddress'>,
): string {
  return [
    row.legalName || row.title,
    row.inn ? `ИНН ${row.inn}` : '',
    row.ogrn ? `ОГРН ${row.ogrn}` : '',
    row.legalAddress ? `адрес: ${row.legalAddress}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
