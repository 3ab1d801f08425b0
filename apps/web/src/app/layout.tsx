import type { Viewport } from 'next';
import type { ReactNode } from 'react';
import '@/styles/globals.css';

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0f1b2d',
};

/** The document both frames share: the storefront's `(shop)` layout and the back office's `admin` layout. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <body>{children}</body>
    </html>
  );
}
