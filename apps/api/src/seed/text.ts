import { transliterate } from '@podbor/contract';

/** Latin URL slug of a Russian or Latin title ('Лада Гранта 1.6' → 'lada-granta-1-6'). */
export function slugify(title: string): string {
  return transliterate(title.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What search compares: the article without case, spaces, dashes, dots and slashes. */
export function normalizeArticle(article: string): string {
  return article.toUpperCase().replace(/[\s\-./]+/g, '');
}

/** HTML-escapes generated text put into description markup. */
export function esc(s: string): string {
  if (!/[&<>"]/.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
