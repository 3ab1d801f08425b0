'use client';

import { NAME_MAX_LENGTH } from '@podbor/contract/constants';
import {
  feedbackRequest,
  MESSAGE_MAX_LENGTH,
  MESSAGES,
  maskPhone,
  sanitizeName,
  type FeedbackType,
} from '@podbor/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextArea, FormTextField } from '@/components/form/form-text-field';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { CheckIcon, ClockIcon, InfoIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { reachGoal } from '@/lib/analytics';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors } from '@/lib/form-errors';
import { callbackPromise, hoursRange } from '@/lib/work-hours';
import { requestResolver } from '@/lib/form-resolver';
import { CALLBACK_FIELDS, callbackRequest, EMPTY_CALLBACK, type CallbackValues } from './callback-form';
import styles from './help-modal.module.css';
import { useRevealOnInvalid } from '@/lib/reveal-error';

const TITLES: Record<FeedbackType, string> = {
  CONSULTATION: 'Консультация',
  HELP: 'Помощь в подборе',
  SPECIAL_OFFER: 'Специальное предложение',
};

const LEADS: Record<FeedbackType, string> = {
  CONSULTATION: 'Нужна консультация специалиста',
  HELP: 'Поможем подобрать запчасть',
  SPECIAL_OFFER: 'Узнайте цену со скидкой',
};

/**
 * SPEC §2 help modal (types CONSULTATION / HELP / SPECIAL_OFFER): authorization warning (shown by default to
 * guests), the callback form, and the advice shown once the request is accepted. It is mounted only while
 * open, so closing it clears the form.
 */
export default function HelpModal() {
  const { modal, closeModal, openModal, session } = useShell();
  const type = modal?.help?.type ?? 'CONSULTATION';
  const form = useForm<CallbackValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: requestResolver<CallbackValues>(
      feedbackRequest,
      (v) => callbackRequest(v, type),
      CALLBACK_FIELDS,
    ),
    defaultValues: EMPTY_CALLBACK,
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const sending = form.formState.isSubmitting;
  const [sent, setSent] = useState(false);
  const [showAuthWarning, setShowAuthWarning] = useState(!session.isAuthorized);
  // Read when the dialog opens (it is mounted only while open) and again when the request is sent.
  const [promise, setPromise] = useState(() => callbackPromise(new Date(), session.workHours));

  const submit = form.handleSubmit(async (values) => {
    reachGoal(modal?.help?.goal ?? session.metrics?.button_callback_submit);
    const result = await browserApi('feedback', {
      body: {
        name: values.name.trim(),
        phone: values.phone,
        message: values.message.trim(),
        source: window.location.href,
        type,
        transport: session.transportId ?? '',
      },
    });
    if (result.ok) {
      setPromise(callbackPromise(new Date(), session.workHours));
      setSent(true);
    }
    // SPEC §8: any failure of the callback shows up as the phone field's error.
    else applyServerErrors(form, { errors: { phone: [MESSAGES.callbackPhoneInvalid] } }, { phone: 'phone' });
  }, revealOnInvalid);

  return (
    <Modal open onClose={closeModal} title={TITLES[type]} size="md" name="help" closeDisabled={sending}>
      {sent ? (
        <div className={styles.advice} data-callback-sent="">
          <span className={styles.adviceIcon}>
            <CheckIcon size={32} />
          </span>
          <h3 className={styles.adviceTitle}>Заявка принята</h3>
          <p>
            Специалист перезвонит на номер <strong>{form.getValues('phone')}</strong> {promise.when} и
            предложит лучший вариант.
          </p>
          <ul role="list" className={styles.tips}>
            <li>Подготовьте VIN или СТС автомобиля — так подбор займёт пару минут.</li>
            <li>Если удобнее, опишите задачу подробнее — мы учтём всё при звонке.</li>
          </ul>
          <Button onClick={closeModal} block>
            Хорошо
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className={styles.form} aria-describedby="callback-lead">
          {showAuthWarning ? (
            <div className={styles.warning} role="note" data-auth-warning="">
              <InfoIcon size={20} />
              <p>
                Вы не вошли в личный кабинет. Войдите, чтобы менеджер видел ваш автомобиль и историю заказов.{' '}
                <button type="button" className={styles.link} onClick={() => openModal('login')}>
                  Войти
                </button>
              </p>
              <button
                type="button"
                className={styles.warningClose}
                onClick={() => setShowAuthWarning(false)}
                aria-label="Скрыть предупреждение"
              >
                ×
              </button>
            </div>
          ) : null}
          <p className={styles.eyebrow}>{LEADS[type]}</p>
          <h3 className={styles.formTitle}>Оставьте свой номер телефона</h3>
          <p id="callback-lead" className={styles.lead} data-callback-promise="">
            <ClockIcon size={18} />
            {promise.soon
              ? `Мы перезвоним вам ${promise.when} и предложим лучший вариант`
              : `Сейчас линия не работает (ежедневно ${hoursRange(session.workHours)}): мы перезвоним вам ${promise.when} и предложим лучший вариант`}
          </p>
          <FormTextField
            form={form}
            name="name"
            id="callback-name"
            label="Имя"
            mask={sanitizeName}
            required
            autoComplete="name"
            placeholder="Как к вам обращаться"
            maxLength={NAME_MAX_LENGTH}
            data-autofocus=""
          />
          <FormTextField
            form={form}
            name="phone"
            id="callback-phone"
            label="Телефон"
            mask={maskPhone}
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+7 (___) ___-__-__"
          />
          <FormTextArea
            form={form}
            name="message"
            id="callback-message"
            label="Сообщение"
            hint={MESSAGES.messageTooLong}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder="Марка и модель автомобиля, что нужно подобрать"
            rows={4}
          />
          <Button type="submit" variant="accent" size="lg" block loading={sending} data-callback-submit="">
            Жду звонка
          </Button>
          <p className={styles.consent}>
            Нажимая кнопку, вы соглашаетесь на обработку персональных данных для обратного звонка.
          </p>
        </form>
      )}
    </Modal>
  );
}
