import type { Metadata } from 'next';
import { OrderPage } from '@/features/admin-orders/order-page';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ number: string }>;
}): Promise<Metadata> {
  return { title: `Заказ №${(await params).number}` };
}

export default async function AdminOrderPage({ params }: { params: Promise<{ number: string }> }) {
  return <OrderPage number={(await params).number} />;
}
