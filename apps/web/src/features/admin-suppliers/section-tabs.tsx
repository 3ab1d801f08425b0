import Link from 'next/link';
import { adminStyles } from '@/components/admin/admin-ui';

// The suppliers' section: the suppliers themselves, the markup rules and the brand synonyms the price lists use.

const SECTIONS = [
  { href: '/admin/suppliers', label: 'Поставщики' },
  { href: '/admin/suppliers/markup', label: 'Наценки' },
  { href: '/admin/suppliers/synonyms', label: 'Синонимы брендов' },
] as const;

export function SuppliersTabs({ current }: { current: (typeof SECTIONS)[number]['href'] }) {
  return (
    <nav className={adminStyles.tabs} aria-label="Разделы поставщиков">
      {SECTIONS.map((s) => (
        <Link
          key={s.href}
          href={s.href}
          className={adminStyles.tab}
          aria-current={s.href === current ? 'page' : undefined}
        >
          {s.label}
        </Link>
      ))}
    </nav>
  );
}
