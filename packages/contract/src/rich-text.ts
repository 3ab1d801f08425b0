// The one allow-list of staff-written HTML (product descriptions and installation notes, info pages): the back
// office's API sanitises what staff save with it, and the storefront sanitises again with it on display. Only
// text formatting, links, tables and the shop's own images: no scripts, styles, event handlers, frames or forms.

export const RICH_TEXT_ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'mark',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'span',
  'div',
] as const;

export const RICH_TEXT_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** URL schemes of links; images take none (only the shop's own paths such as /media/…). */
export const RICH_TEXT_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** `/media/x.png`, not `//host/x.png` or `/\host` (which browsers read as another host). */
export function isOwnPath(src: string | undefined): boolean {
  return !!src && src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');
}
