'use client';

import type { OrderCreateRequestInput, PaymentMethodGroup } from '@podbor/contract';
import { CART_QUANTITY_MAX, MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from '@podbor/contract/constants';
import { EMAIL_PATTERN, maskPhone, MASKS, sanitizeName } from '@podbor/contract/masks';
import { MESSAGES } from '@podbor/contract/messages';
import { formatPrice } from '@podbor/contract/format';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors as FormFieldErrors, type Resolver } from 'react-hook-form';
import { FitBadge } from '@/components/catalog/fit-badge';
import { notFittingWarning } from '@/components/catalog/fit';
import { FormTextArea, FormTextField } from '@/components/form/form-text-field';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { PinIcon, WrenchIcon } from '@/components/ui/icons';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { applyServerErrors, type ErrorRoutes } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { revealFirstError, useRevealOnInvalid } from '@/lib/reveal-error';
import type { OrderValues } from './order-values';
import { LAST_ORDER_KEY, lineTotal, orderTotals, type LastOrder, type OrderLine } from './order-lines';
import styles from './order.module.css';

// SPEC §2 /order «Оформление заказа»: contact name and phone (SPEC §5 masks and rules), pickup branch of the
// selected city (changed in the city picker), payment method, comment, consent, summary with installation. The
// submit carries an Idempotency-Key that stays the same while the form does, so a double click or a retry after a
// lost answer makes one order. Online payment goes to the provider's page, cash to the order's status page.

export interface OrderFormProps {
  placement: 'CART' | 'BUY_NOW';
  lines: OrderLine[];
  branch: { id: number; title: string; street: string } | null;
  cityTitle: string | null;
  methods: PaymentMethodGroup[];
  prefill: { name: string; phone: string; email: string };
  privacyHref: string;
  transportId: number | null;
  citySlug: string | null;
  /** The chosen vehicle's label, for «не подходит к вашему автомобилю …». */
  vehicleLabel?: string | null;
}

/** Where the order call's errors are shown; `email` shows under the phone when its field is not on the page. */
const ORDER_ROUTES: ErrorRoutes<keyof OrderValues> = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  comment: 'comment',
  consent: 'consent',
  payment_method_id: 'method',
  payment_type: 'method',
  branch_office_id: 'branch',
  detail: 'general',
  non_field_errors: 'general',
};

const contactResolver = lazyResolver(() => import('./order-resolver').then((m) => m.orderContactResolver));

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((v): v is string => typeof v === 'string');
  return undefined;
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function OrderForm(props: OrderFormProps) {
  const { placement, branch, cityTitle, methods, privacyHref, transportId, citySlug } = props;
  const router = useRouter();
  const { openModal } = useShell();
  const [lines, setLines] = useState(props.lines);
  const firstMethod = methods[0]?.values[0];
  const [methodId, setMethodId] = useState<number | null>(firstMethod?.id ?? null);
  const [stockProblem, setStockProblem] = useState('');
  const [leaving, setLeaving] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // Fit everywhere: lines that do not fit the chosen vehicle are confirmed once before the order is sent.
  const notFitting = lines.filter((l) => l.fit === 'no');
  const fitConfirmed = useRef(false);
  const [fitAsk, setFitAsk] = useState(false);

  const totals = orderTotals(lines);
  const method = methods
    .flatMap((g) => g.values.map((v) => ({ ...v, type: g.type })))
    .find((m) => m.id === methodId);
  const online = method?.type === 'CARD';
  // 54-FZ: an online payment gets an electronic receipt — to the e-mail the customer gives, or by SMS to the phone.
  const [receipt, setReceipt] = useState<'email' | 'sms'>('email');
  const receiptByEmail = online && receipt === 'email';

  // Contact fields by the contract's rules; payment method, pickup branch and consent are choices on this page.
  const resolver: Resolver<OrderValues> = async (values, context, options) => {
    const result = await contactResolver(values, context, options);
    const errors: FormFieldErrors<OrderValues> = { ...result.errors };
    if (!method) errors.method = { type: 'required', message: 'Выберите способ оплаты' };
    if (!branch) errors.branch = { type: 'required', message: 'Выберите филиал для самовывоза' };
    if (receiptByEmail) {
      const email = (values.email ?? '').trim();
      if (!email) errors.email = { type: 'required', message: 'Укажите e-mail для чека или выберите SMS' };
      else if (!EMAIL_PATTERN.test(email)) errors.email = { type: 'pattern', message: MESSAGES.emailInvalid };
    }
    if (!values.consent)
      errors.consent = { type: 'required', message: 'Подтвердите согласие на обработку персональных данных' };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
  const form = useForm<OrderValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver,
    defaultValues: {
      name: sanitizeName(props.prefill.name),
      phone: props.prefill.phone ? maskPhone(props.prefill.phone) : '',
      comment: '',
      consent: false,
      email: props.prefill.email,
    },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const all = form.formState.errors;
  const errors = {
    email: all.email?.message,
    consent: all.consent?.message,
    method: all.method?.message,
    branch: all.branch?.message,
  };
  const general = form.formState.errors.root?.server?.message;
  // Stays busy from the submit until the next page has taken over.
  const submitting = form.formState.isSubmitting || leaving;

  const formRef = useRef<HTMLFormElement>(null);
  const revealAfterServer = () => revealFirstError(formRef.current);

  const send = async (values: OrderValues) => {
    setStockProblem('');
    if (!method || !branch) return;
    if (notFitting.length > 0 && !fitConfirmed.current) {
      setFitAsk(true);
      return;
    }
    const body: OrderCreateRequestInput = {
      name: values.name.trim(),
      phone: values.phone,
      // The receipt's contact is what the customer chose here: with SMS no e-mail is sent, so the receipt goes to
      // the phone; a cash order keeps the profile's e-mail for the shop's letters.
      email: online ? (receiptByEmail ? (values.email ?? '').trim() : '') : props.prefill.email || '',
      payment_type: method.type,
      payment_method_id: method.id,
      cart: lines.map((l) => ({
        slug: l.slug,
        quantity: l.quantity,
        with_installation: l.withInstallation,
        ...(l.supplierId ? { supplier_id: l.supplierId } : {}),
      })),
      branch_office_id: branch.id,
      transport_id: transportId ?? '',
      placement_type: placement,
      comment: values.comment.trim() || null,
      consent: true,
    };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newKey() };
    const { browserApi } = await import('@/lib/api/browser');
    const res = await browserApi('orderCreate', {
      body,
      headers: { 'Idempotency-Key': attempt.current.key },
    });
    if (res.ok) {
      const last: LastOrder = {
        orderId: res.data.id,
        placement,
        lines: body.cart.map((l) => ({
          slug: l.slug,
          quantity: l.quantity,
          with_installation: l.with_installation ?? false,
        })),
      };
      try {
        sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(last));
      } catch {
        // private mode: the retry button then leads to the cart instead
      }
      setLeaving(true);
      if (res.data.payment_url) {
        window.location.assign(res.data.payment_url);
        return;
      }
      // The ordered goods left the cart: refresh the header's count before leaving.
      if (placement === 'CART')
        await browserApi('cart', { body: { transport: transportId ?? '', city: citySlug ?? '' } });
      router.push(`/payment?orderId=${res.data.id}`);
      return;
    }
    const fields = res.error?.errors ?? {};
    const cartError = firstText(fields.cart);
    if (res.status === 409 || cartError) {
      // Stock: the problem is told above the button; field errors, if any, still go to their fields.
      const { detail: _detail, non_field_errors: _nonField, cart: _cart, ...rest } = fields;
      if (Object.keys(rest).length > 0) {
        applyServerErrors(form, { errors: rest }, ORDER_ROUTES);
        revealAfterServer();
      }
      setStockProblem(
        cartError ?? fields.detail ?? 'Часть товаров закончилась. Проверьте количество в корзине.',
      );
      return;
    }
    revealAfterServer();
    applyServerErrors(form, res.error, ORDER_ROUTES, {
      fallbackMessage:
        res.status === 0
          ? 'Нет связи с магазином. Проверьте интернет и нажмите «Оформить заказ» ещё раз.'
          : 'Не удалось оформить заказ. Попробуйте ещё раз или позвоните нам.',
      order: ['name', 'phone', 'email', 'comment', 'consent'],
    });
  };
  // Called from the submit event (handleSubmit reads the form then), not during render.
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(send, revealOnInvalid)(event);

  /** A choice the customer is correcting loses its old error. */
  const clearError = (field: 'method' | 'consent') => {
    if (all[field]) form.clearErrors(field);
  };

  const patchLine = (slug: string, patch: Partial<OrderLine>) =>
    setLines((all) => all.map((l) => (l.slug === slug ? { ...l, ...patch } : l)));

  return (
    <form
      ref={formRef}
      className={styles.layout}
      onSubmit={submit}
      noValidate
      data-order-form=""
      data-placement={placement}
    >
      <div className={styles.main}>
        <section className={styles.card} aria-labelledby="order-contacts">
          <h2 id="order-contacts" className={styles.cardTitle}>
            Контактные данные
          </h2>
          <div className={styles.fields}>
            <FormTextField
              form={form}
              label="Имя"
              name="name"
              autoComplete="name"
              required
              mask={sanitizeName}
              maxLength={NAME_MAX_LENGTH}
            />
            <FormTextField
              form={form}
              label="Телефон"
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={MASKS.phone}
              required
              mask={maskPhone}
              onInput={() => !receiptByEmail && errors.email && form.clearErrors('email')}
              errorFallback={receiptByEmail ? undefined : errors.email}
            />
          </div>
          {online ? (
            <fieldset className={styles.receipt} data-order-receipt={receipt}>
              <legend className={styles.methodLegend}>Куда прислать чек</legend>
              <div className={styles.receiptChoices}>
                {(
                  [
                    ['email', 'На e-mail'],
                    ['sms', 'По SMS'],
                  ] as const
                ).map(([value, title]) => (
                  <label key={value} className={styles.method}>
                    <input
                      type="radio"
                      name="receipt"
                      value={value}
                      checked={receipt === value}
                      onChange={() => {
                        setReceipt(value);
                        form.clearErrors('email');
                      }}
                      data-order-receipt-choice={value}
                    />
                    <span className={styles.methodTitle}>{title}</span>
                  </label>
                ))}
              </div>
              {receiptByEmail ? (
                <FormTextField
                  form={form}
                  label="E-mail для чека"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  placeholder="name@example.ru"
                  hint="Пришлём электронный чек по 54-ФЗ после оплаты"
                />
              ) : (
                <p className={styles.muted}>Чек придёт SMS на номер, указанный выше.</p>
              )}
            </fieldset>
          ) : null}
        </section>

        <section className={styles.card} aria-labelledby="order-pickup">
          <h2 id="order-pickup" className={styles.cardTitle}>
            Самовывоз
          </h2>
          <div className={styles.branch} data-order-branch={branch?.id ?? ''}>
            <PinIcon size={20} />
            <div>
              {branch ? (
                <>
                  <p className={styles.branchTitle}>{branch.title}</p>
                  <p className={styles.muted}>
                    {cityTitle ? `${cityTitle}, ` : ''}
                    {branch.street}
                  </p>
                </>
              ) : (
                <p className={styles.branchTitle}>Филиал не выбран</p>
              )}
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => openModal('city')}
              data-order-branch-change=""
              data-invalid-target={errors.branch ? '' : undefined}
              aria-describedby={errors.branch ? 'order-branch-error' : undefined}
            >
              Изменить
            </Button>
          </div>
          {errors.branch ? (
            <p id="order-branch-error" className={styles.error} role="alert" data-order-error="">
              {errors.branch}
            </p>
          ) : null}
        </section>

        <section className={styles.card} aria-labelledby="order-payment">
          <h2 id="order-payment" className={styles.cardTitle}>
            Способ оплаты
          </h2>
          {methods.length === 0 ? (
            <p className={styles.error} role="alert">
              Способы оплаты сейчас недоступны. Позвоните нам — оформим заказ по телефону.
            </p>
          ) : (
            <div className={styles.methods} role="radiogroup" aria-labelledby="order-payment">
              {methods.map((group, groupIndex) => (
                <fieldset key={group.type} className={styles.methodGroup}>
                  <legend className={styles.methodLegend}>{group.title}</legend>
                  {group.values.map((m, index) => (
                    <label key={m.id} className={styles.method} data-payment-method={m.gateway}>
                      <input
                        type="radio"
                        name="payment_method"
                        value={m.id}
                        checked={methodId === m.id}
                        data-invalid-target={
                          errors.method && groupIndex === 0 && index === 0 ? '' : undefined
                        }
                        aria-describedby={errors.method ? 'order-method-error' : undefined}
                        onChange={() => {
                          setMethodId(m.id);
                          clearError('method');
                        }}
                      />
                      {m.icons ? (
                        <img
                          src={svgSrc(m.icons)}
                          alt=""
                          width={32}
                          height={32}
                          className={styles.methodIcon}
                        />
                      ) : null}
                      <span>
                        <span className={styles.methodTitle}>{m.title}</span>
                        {m.description ? <span className={styles.muted}>{m.description}</span> : null}
                      </span>
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
          )}
          {errors.method ? (
            <p id="order-method-error" className={styles.error} role="alert" data-order-error="">
              {errors.method}
            </p>
          ) : null}
        </section>

        <section className={styles.card} aria-labelledby="order-comment">
          <h2 id="order-comment" className={styles.cardTitle}>
            Комментарий к заказу
          </h2>
          <FormTextArea
            label="Комментарий"
            hideLabel
            form={form}
            name="comment"
            maxLength={MESSAGE_MAX_LENGTH}
            rows={3}
            placeholder="Например, удобное время для звонка"
          />
        </section>
      </div>

      <aside className={styles.summary} aria-labelledby="order-summary">
        <h2 id="order-summary" className={styles.cardTitle}>
          Ваш заказ
        </h2>
        <ul role="list" className={styles.items}>
          {lines.map((l) => (
            <li key={l.slug} className={styles.item} data-order-line={l.slug}>
              {l.image ? (
                <img src={l.image} alt="" width={56} height={56} className={styles.itemImage} />
              ) : (
                <span className={styles.itemImage} aria-hidden="true" />
              )}
              <div className={styles.itemInfo}>
                <Link href={l.href} className={styles.itemTitle}>
                  {l.title}
                </Link>
                <FitBadge fit={l.fit} />
                {placement === 'BUY_NOW' ? (
                  <>
                    <QuantityStepper
                      value={l.quantity}
                      max={l.stock}
                      label={`Количество: ${l.title}`}
                      onChange={(quantity) =>
                        patchLine(l.slug, { quantity: Math.min(quantity, CART_QUANTITY_MAX) })
                      }
                    />
                    {l.installationAvailable ? (
                      <label className={styles.installation}>
                        <input
                          type="checkbox"
                          checked={l.withInstallation}
                          onChange={() => patchLine(l.slug, { withInstallation: !l.withInstallation })}
                          data-order-installation=""
                        />
                        <WrenchIcon size={16} /> Установка +{formatPrice(l.installationPrice)} за шт.
                      </label>
                    ) : null}
                  </>
                ) : (
                  <span className={styles.muted}>
                    {l.quantity} шт. × {formatPrice(l.price)}
                    {l.withInstallation ? ` · с установкой` : ''}
                  </span>
                )}
                {l.offerNote ? (
                  <span className={styles.muted} data-order-line-offer="">
                    {l.offerNote}
                  </span>
                ) : null}
                {l.pickupNote ? (
                  <span className={styles.muted} data-order-line-pickup="">
                    {l.pickupNote}
                  </span>
                ) : null}
              </div>
              <span className={styles.itemTotal}>{formatPrice(lineTotal(l))}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <div>
            <dt>Товары</dt>
            <dd>{formatPrice(totals.goods)}</dd>
          </div>
          {totals.installation > 0 ? (
            <div>
              <dt>Установка</dt>
              <dd data-order-installation-total="">{formatPrice(totals.installation)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Самовывоз</dt>
            <dd>бесплатно</dd>
          </div>
          <div className={styles.total}>
            <dt>Итого</dt>
            <dd data-order-total="">{formatPrice(totals.total)}</dd>
          </div>
        </dl>

        {stockProblem ? (
          <div className={styles.problem} role="alert" data-order-stock-error="">
            <p>{stockProblem}</p>
            {placement === 'CART' ? <Link href="/cart">Изменить количество в корзине</Link> : null}
          </div>
        ) : null}
        {general ? (
          <p className={styles.problem} role="alert" data-order-general-error="">
            {general}
          </p>
        ) : null}

        <label className={`${styles.consent} ${errors.consent ? styles.consentInvalid : ''}`}>
          <input
            type="checkbox"
            {...form.register('consent', { onChange: () => clearError('consent') })}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'order-consent-error' : undefined}
            data-order-consent=""
          />
          <span>
            Я согласен на обработку персональных данных в соответствии с{' '}
            <a href={privacyHref} target="_blank" rel="noopener noreferrer">
              политикой конфиденциальности
            </a>
          </span>
        </label>
        {errors.consent ? (
          <p id="order-consent-error" className={styles.error} role="alert">
            {errors.consent}
          </p>
        ) : null}

        {fitAsk && notFitting.length > 0 ? (
          <div className={styles.problem} role="alert" data-order-fit-confirm="">
            <p>
              {notFittingWarning(
                notFitting.map((l) => l.title),
                props.vehicleLabel ?? null,
              )}{' '}
              Оформить заказ всё равно?
            </p>
            <div className={styles.fitActions}>
              <Button
                type="button"
                variant="accent"
                size="sm"
                onClick={() => {
                  fitConfirmed.current = true;
                  setFitAsk(false);
                  formRef.current?.requestSubmit();
                }}
                data-order-fit-yes=""
              >
                Да, оформить
              </Button>
              {placement === 'CART' ? <Link href="/cart">Вернуться в корзину</Link> : null}
            </div>
          </div>
        ) : null}
        <Button type="submit" variant="accent" size="lg" block loading={submitting} data-order-submit="">
          {online ? 'Перейти к оплате' : 'Оформить заказ'}
        </Button>
        <p className={styles.muted}>
          {online
            ? 'Оплата картой на защищённой странице платёжного сервиса. Товар резервируется на время оплаты.'
            : 'Оплата при получении в филиале. Мы сообщим, когда заказ будет готов к выдаче.'}
        </p>
      </aside>
    </form>
  );
}
