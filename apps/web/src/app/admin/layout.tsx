import type { Metadata } from 'next';
import type { ReactNode } from 'react';

// The back office (/admin): its own frame inside the shared document, so none of it reaches the storefront's
// pages (and none of the storefront's header, footer or counters load here). Never indexed.
export const metadata: Metadata = {
  title: { default: 'Панель управления', template: '%s — Панель управления' },
  robots: { index: false, follow: false },
};

export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
