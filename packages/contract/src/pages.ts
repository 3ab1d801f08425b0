import { z } from 'zod';
import { slug } from './common';

// Informational pages for buyers (API-SHAPES §2).

export const pageSlugParams = z.object({ pageSlug: slug });
export type PageSlugParams = z.infer<typeof pageSlugParams>;

export const pageMenuItem = z.object({
  title: z.string(),
  slug: z.string(),
  sort: z.number(),
});
export type PageMenuItem = z.infer<typeof pageMenuItem>;

export const pagesMenuResponse = z.array(pageMenuItem);
export type PagesMenuResponse = z.infer<typeof pagesMenuResponse>;

export const pageDetailResponse = z.object({
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  slug: z.string().optional(),
  seo_title: z.string().optional(),
  seo_description: z.string().optional(),
});
export type PageDetailResponse = z.infer<typeof pageDetailResponse>;
