import { ADMIN_ORDER_STATUS_TITLES, type OrderStatus } from '@podbor/contract';
import type { BadgeTone } from '@/components/admin/admin-ui';

// How the desk shows an order's status: the contract's Russian titles and a colour per stage.

export const STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  new: 'warning',
  awaiting_payment: 'neutral',
  paid: 'info',
  assembling: 'info',
  ready: 'success',
  completed: 'neutral',
  cancelled: 'danger',
};

export const statusTitle = (status: OrderStatus) => ADMIN_ORDER_STATUS_TITLES[status];

/** The tabs of the desk, in the order an order moves through them. */
export const TAB_STATUSES: readonly OrderStatus[] = [
  'new',
  'awaiting_payment',
  'paid',
  'assembling',
  'ready',
  'completed',
  'cancelled',
];

/** The button that moves an order to a status. */
export const ACTION_TITLES: Partial<Record<OrderStatus, string>> = {
  assembling: 'Взять в сборку',
  ready: 'Готов к выдаче',
  completed: 'Выдан покупателю',
  cancelled: 'Отменить заказ',
};
