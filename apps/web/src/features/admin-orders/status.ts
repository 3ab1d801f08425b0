import type { OrderStatus } from '@podbor/contract';

// The order desk's tabs and status buttons (the status badge itself is components/admin/order-status-badge).

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
