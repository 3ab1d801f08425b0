import type { Viewport } from 'next';
import localFont from 'next/font/local';
import type { ReactNode } from 'react';
import '@/styles/globals.css';

// Inter in two families: the cyrillic subset only has cyrillic glyphs, so latin, digits and punctuation
// come from the latin face and Russian text falls through to the cyrillic one (see --font-sans). Two weights
// only, to keep the first load light: semibold (600) text is drawn with the 700 face. `optional`: a first visit
// on a slow line keeps the system font instead of re-laying out the page when Inter arrives late. Not
// preloaded: four font files competing with the page's CSS and scripts cost ~10 Lighthouse points on mobile
// (LCP 3.2 s → 2.1 s without them), and `optional` means they only matter from the second page on anyway.
const interLatin = localFont({
  src: [
    { path: '../fonts/inter-latin-400-normal.woff2', weight: '400' },
    { path: '../fonts/inter-latin-700-normal.woff2', weight: '700' },
  ],
  variable: '--font-inter-latin',
  display: 'optional',
  preload: false,
  fallback: ['system-ui', 'Arial'],
});
const interCyrillic = localFont({
  src: [
    { path: '../fonts/inter-cyrillic-400-normal.woff2', weight: '400' },
    { path: '../fonts/inter-cyrillic-700-normal.woff2', weight: '700' },
  ],
  variable: '--font-inter-cyrillic',
  display: 'optional',
  preload: false,
  fallback: ['system-ui', 'Arial'],
});

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0f1b2d',
};

/** The document both frames share: the storefront's `(shop)` layout and the back office's `admin` layout. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru" className={`${interLatin.variable} ${interCyrillic.variable}`}>
      <body>{children}</body>
    </html>
  );
}
