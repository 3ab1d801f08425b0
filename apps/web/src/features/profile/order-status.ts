import type { OrderStatus, PaymentType } from '@podbor/contract';

/** Russian names of the order statuses (ARCHITECTURE §2) and a tone for the badge. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'Новый',
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  assembling: 'Собирается',
  ready: 'Готов к выдаче',
  completed: 'Выполнен',
  cancelled: 'Отменён',
};

export type StatusTone = 'neutral' | 'warning' | 'success' | 'danger' | 'info';

export const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  new: 'info',
  awaiting_payment: 'warning',
  paid: 'success',
  assembling: 'info',
  ready: 'success',
  completed: 'neutral',
  cancelled: 'danger',
};

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  CARD: 'Картой онлайн',
  CASH: 'При получении',
};
