import { ADMIN_ORDER_STATUS_TITLES, type OrderStatus } from '@podbor/contract';
import { Badge, type BadgeTone } from './admin-ui';

// How the back office shows an order's status everywhere (order desk, customer page): the contract's Russian
// title and a colour per stage.

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  new: 'warning',
  awaiting_payment: 'neutral',
  paid: 'info',
  assembling: 'info',
  ready: 'success',
  completed: 'neutral',
  cancelled: 'danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_TONES[status]}>{ADMIN_ORDER_STATUS_TITLES[status]}</Badge>;
}
