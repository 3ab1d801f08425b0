import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { SettingsForm } from '@/features/admin-content/settings-form';

export const metadata: Metadata = { title: 'Настройки магазина' };

export default function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Настройки магазина"
        lead="Название, контакты, часы работы, реквизиты продавца, ссылки на соцсети, тексты для поисковиков и счётчики."
      />
      <SettingsForm />
    </>
  );
}
