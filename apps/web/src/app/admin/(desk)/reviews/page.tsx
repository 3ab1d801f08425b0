import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { ReviewsDesk } from '@/features/admin-reviews/reviews-desk';

export const metadata: Metadata = { title: 'Отзывы' };

export default function ReviewsPage() {
  return (
    <>
      <PageHeader
        title="Отзывы"
        lead="Новые отзывы видны покупателям сразу. Проверьте их: опубликуйте, скройте с причиной или ответьте."
      />
      <ReviewsDesk />
    </>
  );
}
