import type { Metadata } from 'next';
import Link from 'next/link';
import { ADMIN_NAV } from '@/components/admin/nav';
import { Card, PageHeader } from '@/components/admin/admin-ui';

export const metadata: Metadata = { title: 'Сводка' };

export default function AdminHome() {
  return (
    <>
      <PageHeader title="Сводка" lead="Разделы панели управления магазином." />
      <Card>
        <ul role="list">
          {ADMIN_NAV.filter((item) => item.href !== '/admin').map((item) => (
            <li key={item.href}>
              <Link href={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
