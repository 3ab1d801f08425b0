import {
  isOwnPath,
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_SCHEMES,
  RICH_TEXT_ALLOWED_TAGS,
} from '@podbor/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The storefront's sanitiser of staff-written HTML (info pages, product descriptions and installation notes), with
 * the contract's allow-list (rich-text.ts), which the back office's API also applies when staff save. It is still rendered as markup on the shop's origin, so only
 * text formatting, links, tables and images survive: no scripts, styles, event handlers, frames or forms.
 * Images must be the shop's own (a path such as /media/…): the page CSP admits no other image host, and an
 * outside image would also tell its host who reads the page.
 */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(RICH_TEXT_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
    ),
    allowedSchemes: [...RICH_TEXT_ALLOWED_SCHEMES],
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
