import { cache } from 'react';
import { ApiError, apiCall } from '@/lib/api/server';
import { sanitizePageHtml } from '@/lib/sanitize';

export interface InfoPage {
  slug: string;
  title: string;
  html: string;
  description?: string;
}

/** An info page with sanitised HTML, or null when the API has no such page (→ the 404 page). */
export const getInfoPage = cache(async (slug: string): Promise<InfoPage | null> => {
  try {
    // Fresh every time: an edit in the back office shows on the next view (a draft disappears at once).
    const page = await apiCall('pageDetail', { params: { pageSlug: slug } });
    return {
      slug,
      title: page.title,
      html: sanitizePageHtml(page.text),
      description: page.seo_description,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
});

/** A slug the API could know: anything else is a 404 without asking it. */
export function isPageSlug(slug: string): boolean {
  return /^[a-z0-9-]{1,200}$/.test(slug);
}
