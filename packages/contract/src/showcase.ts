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
});
export type ShowcaseResponse = z.infer<typeof showcaseResponse>;
