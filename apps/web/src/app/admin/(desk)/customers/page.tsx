import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { CustomersList } from '@/features/admin-customers/customers-list';

export const metadata: Metadata = { title: 'Покупатели' };

export default function CustomersPage() {
  return (
    <>
      <PageHeader title="Покупатели" lead="Поиск по телефону в любом написании или по имени." />
      <CustomersList />
    </>
  );
}
