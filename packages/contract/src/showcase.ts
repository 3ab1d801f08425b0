import { z } from 'zod';

// GET /api/v1/showcase/ — storefront settings chosen by X-Client-Host (API-SHAPES §1).

/** Analytics goal names; `metric_id` is the Yandex Metrika counter, null when none is configured. */
export const showcaseMetrics = z.object({
  metric_id: z.number().int().nullable(),
  button_card_buy: z.string(),
  button_card_cart: z.string(),
  button_product_buy: z.string(),
  button_product_cart: z.string(),
  button_product_help: z.string(),
  button_product_special: z.string(),
  button_global_help: z.string(),
  button_cart_help: z.string(),
  button_cart_special: z.string(),
  button_cart_submit: z.string(),
  button_callback_submit: z.string(),
  button_buy_submit: z.string(),
  button_part_help: z.string(),
});
export type ShowcaseMetrics = z.infer<typeof showcaseMetrics>;

export const showcaseResponse = z.object({
  title: z.string(),
  logo: z.string(),
  favicon: z.string(),
  email: z.string(),
  phone: z.string(),
  description: z.string(),
  tagline: z.string(),
  footer_text: z.string(),
  privacy_policy_link: z.string(),
  show_logo_in_footer: z.boolean(),
  social_link_vk: z.string(),
  social_link_instagram: z.string(),
  social_link_facebook: z.string(),
  metrics: showcaseMetrics,
  /** Google Analytics id; empty when unset. */
  gaId: z.string(),
  seo_tagline: z.string(),
  seo_description: z.string(),
  /** Podbor: hours of the phone line and callbacks, 'HH:MM' in `time_zone`; empty strings when not set. */
  work_hours: z.object({ from: z.string(), to: z.string(), time_zone: z.string() }),
  /** Podbor: the seller's legal details (name, ИНН, ОГРН, legal address), shown in the footer and on pages. */
  seller: z.object({ name: z.string(), inn: z.string(), ogrn: z.string(), address: z.string() }),
  /** Podbor: open branches and the cities they are in, counted from the branch list. */
  branches_count: z.number().int(),
  cities_count: z.number().int(),
});
export type ShowcaseResponse = z.infer<typeof showcaseResponse>;
