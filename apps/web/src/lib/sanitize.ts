import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of staff-written HTML (info pages, product descriptions and installation notes; the back
 * office and catalogue imports will write them). It is still rendered as markup on the shop's origin, so only
 * text formatting, links, tables and images survive: no scripts, styles, event handlers, frames or forms.
 * Images must be the shop's own (a path such as /media/…): the page CSP admits no other image host, and an
 * outside image would also tell its host who reads the page.
 */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
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
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    // An image whose source was refused (another site, data:, javascript:) is dropped rather than left empty.
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnPath(frame.attribs.src),
    transformTags: {
      // A page's own heading is the h1; headings inside the text start one level below.
      h1: 'h2',
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? '');
        return {
          tagName,
          attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
        };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });
}

/** `/media/x.png`, not `//host/x.png` or `/\\host` (which browsers read as another host). */
function isOwnPath(src: string | undefined): boolean {
  return !!src && src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');
}
