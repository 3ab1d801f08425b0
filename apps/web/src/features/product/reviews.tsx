'use client';

import {
  formatDate,
  formatNumber,
  MESSAGE_MAX_LENGTH,
  MESSAGES,
  countRu,
  REVIEW_GRADE_MAX,
  REVIEWS_PAGE_SIZE,
  type ReviewsResponse,
} from '@podbor/contract';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { InfoIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { firstErrorMessage } from './errors';
import styles from './product.module.css';

type ListState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: ReviewsResponse };

function Stars({ grade }: { grade: number }) {
  return (
    <span className={styles.reviewStars} aria-label={`Оценка ${grade} из 5`} role="img">
      {'★'.repeat(grade)}
      <span className={styles.reviewStarsOff}>{'★'.repeat(Math.max(0, REVIEW_GRADE_MAX - grade))}</span>
    </span>
  );
}

function ReviewForm({ slug, onCreated }: { slug: string; onCreated: () => void }) {
  const [grade, setGrade] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ grade?: string; comment?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const gradeId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (grade < 1) {
      setErrors({ grade: MESSAGES.required });
      return;
    }
    setBusy(true);
    setErrors({});
    const r = await browserApi('reviewCreate', {
      body: { product_slug: slug, grade, comment: comment.trim() || null },
    });
    setBusy(false);
    if (r.ok) {
      setDone(true);
      setGrade(0);
      setComment('');
      onCreated();
      return;
    }
    const e2 = r.error?.errors;
    const field = (key: string) => {
      const v = e2?.[key];
      return Array.isArray(v) ? v[0] : undefined;
    };
    const gradeError = field('grade');
    const commentError = field('comment');
    setErrors({
      grade: gradeError,
      comment: commentError,
      general:
        gradeError || commentError
          ? undefined
          : r.status === 401
            ? 'Войдите, чтобы оставить отзыв.'
            : firstErrorMessage(r.error, ['product_slug'], 'Не удалось отправить отзыв. Попробуйте ещё раз.'),
    });
  };

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
                onChange={() => setGrade(g)}
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
      <TextArea
        label="Комментарий"
        value={comment}
        onValueChange={setComment}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={4}
        error={errors.comment}
        hint={MESSAGES.messageTooLong}
        name="comment"
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
  const { session, openModal } = useShell();
  const router = useRouter();
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<ListState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    void browserApi('reviews', {
      params: { productSlug: slug },
      query: { page, size: REVIEWS_PAGE_SIZE },
      signal: controller.signal,
    }).then((r) => {
      if (!controller.signal.aborted) setState(r.ok ? { kind: 'ready', data: r.data } : { kind: 'error' });
    });
    return () => controller.abort();
  }, [slug, page, reload]);

  const data = state.kind === 'ready' ? state.data : null;

  return (
    <div className={styles.reviews}>
      <div className={styles.reviewsMain}>
        {state.kind === 'loading' ? <p role="status">Загрузка...</p> : null}
        {state.kind === 'error' ? (
          <div className={styles.panelMessage}>
            <p>Не удалось загрузить отзывы.</p>
            <Button variant="secondary" onClick={() => setReload((n) => n + 1)}>
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
                    {review.comment ? <p className={styles.reviewText}>{review.comment}</p> : null}
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
        {session.isAuthorized ? (
          <ReviewForm
            slug={slug}
            onCreated={() => {
              setPage(1);
              setReload((n) => n + 1);
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
