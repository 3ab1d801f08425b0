import { orderCreateRequest } from '@podbor/contract';
import { requestResolver } from '@/lib/form-resolver';
import type { OrderValues } from './order-values';

// The order form's contact checks from the contract's order request (name and phone rules, comment length);
// fetched with the first submit (lib/lazy-resolver.ts), so zod and the schemas stay out of /order's first load.
export const orderContactResolver = requestResolver<OrderValues>(
  orderCreateRequest,
  (v) => ({ name: v.name.trim(), phone: v.phone, comment: v.comment.trim() || null }),
  { name: 'name', phone: 'phone', comment: 'comment' },
);
