'use client';

import {
  formatDate,
  formatNumber,
  MESSAGE_MAX_LENGTH,
  MESSAGES,
  countRu,
  reviewCreateRequest,
  REVIEW_GRADE_MAX,
  REVIEWS_PAGE_SIZE,
  type ReviewsResponse,
} from '@podbor/contract';
import { useRouter } from 'next/navigation';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextArea } from '@/components/form/form-text-field';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { CheckIcon, InfoIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import styles from './product.module.css';
import { useRevealOnInvalid } from '@/lib/reveal-error';

function Stars({ grade }: { grade: number }) {
  return (
    <span className={styles.reviewStars} aria-label={`Оценка ${grade} из 5`} role="img">
      {'★'.repeat(grade)}
      <span className={styles.reviewStarsOff}>{'★'.repeat(Math.max(0, REVIEW_GRADE_MAX - grade))}</span>
    </span>
  );
}

const REVIEW_ROUTES = {
  grade: 'grade',
  comment: 'comment',
  detail: 'general',
  non_field_errors: 'general',
  product_slug: 'general',
} as const;

interface ReviewValues {
  grade: number | undefined;
  comment: string;
}

function ReviewForm({ slug, onCreated }: { slug: string; onCreated: () => void }) {
  const form = useForm<ReviewValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: requestResolver<ReviewValues>(
      reviewCreateRequest,
      (v) => ({ product_slug: slug, grade: v.grade, comment: v.comment.trim() || null }),
      { grade: 'grade', comment: 'comment' },
    ),
    defaultValues: { grade: undefined, comment: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const grade = useWatch({ control: form.control, name: 'grade' }) ?? 0;
  const busy = form.formState.isSubmitting;
  const errors = { grade: form.formState.errors.grade?.message, general: formError(form) };
  const [done, setDone] = useState(false);
  const gradeId = useId();

  const submit = form.handleSubmit(async (values) => {
    const r = await browserApi('reviewCreate', {
      body: { product_slug: slug, grade: values.grade ?? 0, comment: values.comment.trim() || null },
    });
    if (r.ok) {
      setDone(true);
      form.reset();
      onCreated();
    } else if (r.status === 401) {
      form.setError('root.server', { type: 'server', message: 'Войдите, чтобы оставить отзыв.' });
    } else {
      applyServerErrors(form, r.error, REVIEW_ROUTES, {
        fallbackMessage: 'Не удалось отправить отзыв. Попробуйте ещё раз.',
      });
    }
  }, revealOnInvalid);

  if (done) {
    return (
      <p className={styles.formSuccess} role="status">
        Спасибо! Ваш отзыв опубликован.
      </p>
    );
  }

  return (
    <form className={styles.reviewForm} onSubmit={submit} noValidate aria-labelledby={`${gradeId}-title`}>
      <h3 id={`${gradeId}-title`} className={styles.reviewFormTitle}>
        Оставить отзыв
      </h3>
      <fieldset
        className={styles.gradeField}
        aria-describedby={errors.grade ? `${gradeId}-error` : undefined}
      >
        <legend>Оценка</legend>
        <div className={styles.gradeOptions}>
          {Array.from({ length: REVIEW_GRADE_MAX }, (_, i) => i + 1).map((g) => (
            <label key={g} className={`${styles.gradeOption} ${g <= grade ? styles.gradeOn : ''}`}>
              <input
                type="radio"
                name="grade"
                value={g}
                checked={grade === g}
                onChange={() => {
                  form.setValue('grade', g);
                  form.clearErrors('grade');
                  form.clearErrors('root');
                }}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {g} из {REVIEW_GRADE_MAX}
              </span>
            </label>
          ))}
        </div>
        {errors.grade ? (
          <p id={`${gradeId}-error`} className={styles.error} role="alert">
            {errors.grade}
          </p>
        ) : null}
      </fieldset>
      <FormTextArea
        form={form}
        name="comment"
        label="Комментарий"
        maxLength={MESSAGE_MAX_LENGTH}
        rows={4}
        hint={MESSAGES.messageTooLong}
      />
      {errors.general ? (
        <p className={styles.error} role="alert">
          {errors.general}
        </p>
      ) : null}
      <Button type="submit" loading={busy}>
        Отправить отзыв
      </Button>
    </form>
  );
}

/** Reviews tab: five per page (SPEC §9), the form for signed-in users, an authorization warning otherwise. */
export function Reviews({ slug }: { slug: string }) {
  return (
    <QueryIsland>
      <ReviewsPanel slug={slug} />
    </QueryIsland>
  );
}

function ReviewsPanel({ slug }: { slug: string }) {
  const { session, openModal } = useShell();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  // A page being turned keeps the previous one on screen until the next arrives.
  const list = useQuery({
    queryKey: ['reviews', slug, page],
    queryFn: async ({ signal }): Promise<ReviewsResponse> => {
      const r = await browserApi('reviews', {
        params: { productSlug: slug },
        query: { page, size: REVIEWS_PAGE_SIZE },
        signal,
      });
      if (!r.ok) throw new Error('reviews failed');
      return r.data;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const state = list.isError ? { kind: 'error' as const } : list.data ? null : { kind: 'loading' as const };
  const data = list.isError ? null : (list.data ?? null);

  return (
    <div className={styles.reviews}>
      <div className={styles.reviewsMain}>
        {state?.kind === 'loading' ? <p role="status">Загрузка...</p> : null}
        {state?.kind === 'error' ? (
          <div className={styles.panelMessage}>
            <p>Не удалось загрузить отзывы.</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Повторить
            </Button>
          </div>
        ) : null}
        {data ? (
          data.total === 0 ? (
            <p className={styles.panelMessage}>Отзывов пока нет — станьте первым.</p>
          ) : (
            <>
              <p className={styles.panelNote}>
                {data.average_rating !== undefined
                  ? `Средняя оценка ${formatNumber(Math.round(data.average_rating * 10) / 10)} · `
                  : ''}
                {countRu(data.total, ['отзыв', 'отзыва', 'отзывов'])}
              </p>
              <ul role="list" className={styles.reviewList} data-testid="review-list">
                {data.results.map((review, i) => (
                  <li key={review.id ?? `${review.created_at}-${i}`} className={styles.review}>
                    <div className={styles.reviewHead}>
                      <strong>
                        {[review.first_name, review.last_name].filter(Boolean).join(' ') || 'Покупатель'}
                      </strong>
                      <time dateTime={review.created_at} className={styles.reviewDate}>
                        {formatDate(review.created_at, 'long')}
                      </time>
                    </div>
                    <Stars grade={review.grade} />
                    {review.is_buyer ? (
                      <p className={styles.buyerMark} data-review-buyer="">
                        <CheckIcon size={16} /> Проверенная покупка
                      </p>
                    ) : null}
                    {review.comment ? <p className={styles.reviewText}>{review.comment}</p> : null}
                    {review.reply ? (
                      <div className={styles.reviewReply} data-review-reply="">
                        <p className={styles.reviewReplyHead}>
                          <strong>Ответ магазина</strong>
                          {review.reply_at ? (
                            <time dateTime={review.reply_at} className={styles.reviewDate}>
                              {formatDate(review.reply_at, 'long')}
                            </time>
                          ) : null}
                        </p>
                        <p className={styles.reviewReplyText}>{review.reply}</p>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
              {data.pages > 1 ? (
                <nav aria-label="Страницы отзывов" className={styles.reviewPages}>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    ← Назад
                  </Button>
                  <span>
                    Страница {data.current} из {data.pages}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page >= data.pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    Вперёд →
                  </Button>
                </nav>
              ) : null}
            </>
          )
        ) : null}
      </div>
      <aside className={styles.reviewsSide}>
        {session.isAuthorized && data?.reviewed ? (
          // One review per customer: after theirs the form gives way to a thank-you.
          <p className={styles.formSuccess} role="status" data-review-done="">
            Вы уже оценили этот товар — спасибо за отзыв!
          </p>
        ) : session.isAuthorized && list.isPending ? null : session.isAuthorized ? (
          <ReviewForm
            slug={slug}
            onCreated={() => {
              setPage(1);
              void queryClient.invalidateQueries({ queryKey: ['reviews', slug] });
              router.refresh();
            }}
          />
        ) : (
          <div className={styles.authWarning} role="note">
            <InfoIcon size={22} />
            <div>
              <p className={styles.authWarningTitle}>Отзывы оставляют авторизованные покупатели</p>
              <p>Войдите в личный кабинет, чтобы оценить товар и написать отзыв.</p>
              <Button onClick={() => openModal('login')}>Войти</Button>
            </div>
          </div>
        )}
      </aside>
    </div>
  );
}
