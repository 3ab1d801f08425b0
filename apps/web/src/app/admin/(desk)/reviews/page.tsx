import { SLUG_PATTERN } from '@podbor/contract';
import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { ReviewsDesk } from '@/features/admin-reviews/reviews-desk';

export const metadata: Metadata = { title: 'Отзывы' };

export default async function ReviewsPage({
  searchParams,
}: {
  searchParams: Promise<{ product?: string | string[] }>;
}) {
  const { product } = await searchParams;
  const slug = typeof product === 'string' && SLUG_PATTERN.test(product) ? product : undefined;
  return (
    <>
      <PageHeader
        title="Отзывы"
        lead="Новые отзывы видны покупателям сразу. Проверьте их: опубликуйте, скройте с причиной или ответьте."
      />
      <ReviewsDesk product={slug} />
    </>
  );
}
