import {
  isOwnPath,
  RICH_TEXT_ALLOWED_ATTRIBUTES,
  RICH_TEXT_ALLOWED_SCHEMES,
  RICH_TEXT_ALLOWED_TAGS,
} from '@podbor/contract';
import sanitizeHtml from 'sanitize-html';

// HTML written by staff in the back office's rich-text editor (product descriptions and installation notes, info
// pages), cleaned once on save with the contract's one allow-list; the storefront cleans again on display.

/** Staff HTML as the storefront will show it: the contract's allow-list, images only from the shop's own paths. */
export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(RICH_TEXT_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
    ),
    allowedSchemes: [...RICH_TEXT_ALLOWED_SCHEMES],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnPath(frame.attribs.src),
    transformTags: { h1: 'h2' },
  }).trim();
}
