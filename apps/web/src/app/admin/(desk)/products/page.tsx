import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { ProductList } from '@/features/admin-catalog/product-list';

export const metadata: Metadata = { title: 'Товары' };

export default function ProductsPage() {
  return (
    <>
      <PageHeader
        title="Товары"
        lead="Цены, тексты, фото и остатки товаров. Изменения видны на витрине сразу после сохранения."
      />
      <ProductList />
    </>
  );
}
