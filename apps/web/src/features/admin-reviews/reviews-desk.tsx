'use client';

import {
  adminReviewHideRequest,
  adminReviewReplyRequest,
  formatDateTime,
  REVIEW_GRADE_MAX,
  REVIEW_HIDE_REASON_MAX_LENGTH,
  REVIEW_MODERATION_TITLES,
  REVIEW_MODERATIONS,
  REVIEW_REPLY_MAX_LENGTH,
  type AdminReview,
  type ReviewModeration,
} from '@podbor/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, EmptyState, LoadError, Pager, TableSkeleton } from '@/components/admin/admin-ui';
import { TextActionForm } from '@/components/admin/text-action-form';
import { Button } from '@/components/ui/button';
import styles from './reviews.module.css';

const INVALIDATES = ['adminReviews'] as const;
const TONE: Record<ReviewModeration, 'neutral' | 'success' | 'danger'> = {
  new: 'neutral',
  published: 'success',
  hidden: 'danger',
};
const STATE_TITLES: Record<ReviewModeration, string> = {
  new: 'Новый',
  published: 'Опубликован',
  hidden: 'Скрыт',
};

function ReviewCard({ review }: { review: AdminReview }) {
  const [form, setForm] = useState<'hide' | 'reply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const params = { id: String(review.id) };
  const publish = useAdminMutation('adminReviewPublish', () => ({ params }), INVALIDATES);
  const hide = useAdminMutation(
    'adminReviewHide',
    (reason: string) => ({ params, body: { reason } }),
    INVALIDATES,
  );
  const reply = useAdminMutation(
    'adminReviewReply',
    (text: string) => ({ params, body: { text } }),
    INVALIDATES,
  );

  return (
    <li className={styles.card} data-review-id={review.id} aria-label={`Отзыв №${review.id}`}>
      <div className={styles.head}>
        <div>
          <p className={styles.product}>{review.product.title}</p>
          <p className={styles.by}>
            {review.author} · {formatDateTime(review.created_at)}
          </p>
        </div>
        <Badge tone={TONE[review.moderation]}>{STATE_TITLES[review.moderation]}</Badge>
      </div>
      <p className={styles.grade} aria-label={`Оценка ${review.grade} из ${REVIEW_GRADE_MAX}`} role="img">
        {'★'.repeat(review.grade)}
        <span className={styles.gradeOff}>{'★'.repeat(Math.max(0, REVIEW_GRADE_MAX - review.grade))}</span>
      </p>
      {review.comment ? (
        <p className={styles.comment}>{review.comment}</p>
      ) : (
        <p className={styles.muted}>Без текста — только оценка.</p>
      )}
      {review.moderation === 'hidden' ? (
        <p className={styles.hidden}>
          Скрыт: {review.hidden_reason}
          {review.moderated_by ? ` (${review.moderated_by.name})` : ''}
        </p>
      ) : null}
      {review.reply && form !== 'reply' ? (
        <div className={styles.reply} data-admin-reply="">
          <strong>Ответ магазина</strong>
          <p>{review.reply}</p>
        </div>
      ) : null}
      {form === 'hide' ? (
        <TextActionForm
          id={`hide-${review.id}`}
          schema={adminReviewHideRequest}
          field="reason"
          label="Причина скрытия"
          submitLabel="Скрыть отзыв"
          maxLength={REVIEW_HIDE_REASON_MAX_LENGTH}
          onSubmit={async (reason) => {
            await hide.mutateAsync(reason);
            setForm(null);
          }}
          onCancel={() => setForm(null)}
        />
      ) : null}
      {form === 'reply' ? (
        <TextActionForm
          id={`reply-${review.id}`}
          schema={adminReviewReplyRequest}
          field="text"
          label="Ответ магазина (виден под отзывом на странице товара)"
          submitLabel="Сохранить ответ"
          initial={review.reply ?? ''}
          multiline
          allowEmpty
          maxLength={REVIEW_REPLY_MAX_LENGTH}
          onSubmit={async (text) => {
            await reply.mutateAsync(text);
            setForm(null);
          }}
          onCancel={() => setForm(null)}
        />
      ) : null}
      {form === null ? (
        <div className={adminStyles.rowActions}>
          {review.moderation !== 'published' ? (
            <Button
              size="sm"
              loading={publish.isPending}
              onClick={() => {
                setError(null);
                publish.mutate(undefined, { onError: (e) => setError(e.message) });
              }}
            >
              Опубликовать
            </Button>
          ) : null}
          {review.moderation !== 'hidden' ? (
            <Button size="sm" variant="secondary" onClick={() => setForm('hide')}>
              Скрыть…
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setForm('reply')}>
            {review.reply ? 'Изменить ответ' : 'Ответить'}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className={adminStyles.formError}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Review moderation: new reviews first come first checked; publish, hide with a reason, reply. `product` (a slug,
 * from the address `?product=`) narrows the queue to one product's reviews.
 */
export function ReviewsDesk({ product }: { product?: string }) {
  const [moderation, setModeration] = useState<ReviewModeration>('new');
  const [page, setPage] = useState(1);
  const list = useAdminQuery('adminReviews', { query: { moderation, page, product } });
  const data = list.data;
  return (
    <>
      <div className={adminStyles.toolbar}>
        <div className={adminStyles.tabs} role="tablist" aria-label="Какие отзывы показать">
          {REVIEW_MODERATIONS.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={moderation === m}
              className={adminStyles.tab}
              onClick={() => {
                setModeration(m);
                setPage(1);
              }}
            >
              {REVIEW_MODERATION_TITLES[m]}
            </button>
          ))}
        </div>
      </div>
      {product ? (
        <p className={styles.filter}>
          Отзывы одного товара{data?.results[0] ? `: ${data.results[0].product.title}` : ''} ·{' '}
          <Link href="/admin/reviews">показать все</Link>
        </p>
      ) : null}
      {list.error ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {!data ? (
        list.isPending ? (
          <TableSkeleton />
        ) : null
      ) : data.results.length === 0 ? (
        <EmptyState title="Отзывов нет">
          {moderation === 'new' ? 'Все новые отзывы проверены.' : 'Здесь пока пусто.'}
        </EmptyState>
      ) : (
        <ul className={styles.list} role="list" data-review-queue="">
          {data.results.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ul>
      )}
      {data ? <Pager list={data} onPage={setPage} /> : null}
    </>
  );
}
