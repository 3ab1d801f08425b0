import {
  COOKIE_NAMES,
  type BranchCity,
  type BranchOffice,
  type PageMenuItem,
  type ShowcaseResponse,
  type TransportDetailResponse,
} from '@podbor/contract';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { apiTry } from './api/server';

// Data every page's frame needs (SPEC §4 "on every page load"): showcase settings, info-page menu, cities with
// the selected city and branch, the chosen transport and the cart summary. proxy.ts has already refreshed the
// session or issued a visitor token. React's cache() makes metadata, layout and page share one load.

/** Used when the API cannot be reached, so the frame still renders (with an error page inside). */
export const FALLBACK_SHOWCASE: ShowcaseResponse = {
  title: 'Подбор',
  logo: '',
  favicon: '',
  email: '',
  phone: '',
  description: 'Интернет-магазин автозапчастей и автоаксессуаров с установкой',
  tagline: 'Запчасти, которые подходят',
  footer_text: '',
  privacy_policy_link: '',
  show_logo_in_footer: true,
  social_link_vk: '',
  social_link_instagram: '',
  social_link_facebook: '',
  metrics: {
    metric_id: null,
    button_card_buy: '',
    button_card_cart: '',
    button_product_buy: '',
    button_product_cart: '',
    button_product_help: '',
    button_product_special: '',
    button_global_help: '',
    button_cart_help: '',
    button_cart_special: '',
    button_cart_submit: '',
    button_callback_submit: '',
    button_buy_submit: '',
    button_part_help: '',
  },
  gaId: '',
  seo_tagline: '',
  seo_description: '',
  work_hours: { from: '', to: '', time_zone: 'Europe/Moscow' },
  seller: { name: '', inn: '', ogrn: '', address: '' },
  branches_count: 0,
  cities_count: 0,
};

export interface CartSummary {
  count: number;
  total: number;
}

export interface StartData {
  showcase: ShowcaseResponse;
  /** False when the showcase could not be loaded (API down). */
  apiAvailable: boolean;
  menu: PageMenuItem[];
  cities: BranchCity[];
  city: BranchCity | null;
  branch: BranchOffice | null;
  transportId: number | null;
  transport: TransportDetailResponse | null;
  cart: CartSummary;
  isAuthorized: boolean;
  /** SPEC §4 city-changed-once flag (cookie `firstChageCity`). */
  cityChangedOnce: boolean;
}

/** Default city when none is chosen yet: Moscow if the shop has a branch there, else the first city. */
function pickCity(cities: readonly BranchCity[], slug: string | undefined): BranchCity | null {
  return (
    cities.find((c) => c.slug === slug) ??
    cities.find((c) => c.slug === 'moskva' || c.title === 'Москва') ??
    cities[0] ??
    null
  );
}

function pickBranch(city: BranchCity | null, id: string | undefined): BranchOffice | null {
  if (!city) return null;
  return city.branches.find((b) => String(b.id) === id) ?? city.branches[0] ?? null;
}

function parseTransportId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const getStartData = cache(async (): Promise<StartData> => {
  const jar = await cookies();
  const transportId = parseTransportId(jar.get(COOKIE_NAMES.transportId)?.value);
  const [showcase, menu, cities, transport] = await Promise.all([
    // Not kept by Next: a settings, info-page or branch edit in the back office shows on the next page (the API
    // answers the first two from memory it drops on every such edit, in every process; branches are a few rows).
    apiTry('showcase'),
    apiTry('pagesMenu'),
    apiTry('branches'),
    transportId ? apiTry('transportDetail', { params: { transportId }, revalidate: 300 }) : null,
  ]);
  const city = pickCity(cities ?? [], jar.get(COOKIE_NAMES.selectedCity)?.value);
  const branch = pickBranch(city, jar.get(COOKIE_NAMES.selectedBranchId)?.value);
  const cart = await apiTry('cart', { body: { transport: transportId ?? '', city: city?.slug ?? '' } });
  return {
    showcase: showcase ?? FALLBACK_SHOWCASE,
    apiAvailable: showcase !== null,
    menu: [...(menu ?? [])].sort((a, b) => a.sort - b.sort),
    cities: cities ?? [],
    city,
    branch,
    transportId: transport ? transportId : null,
    transport,
    cart: { count: cart?.total ?? 0, total: cart?.total_price ?? 0 },
    isAuthorized: Boolean(jar.get(COOKIE_NAMES.refresh)?.value),
    cityChangedOnce: Boolean(jar.get(COOKIE_NAMES.firstChageCity)?.value),
  };
});

/** `/media/x.jpg` and absolute URLs pass; anything else (javascript:, data:) is dropped. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
