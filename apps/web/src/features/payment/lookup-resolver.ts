import { orderLookupRequest } from '@podbor/contract';
import { requestResolver } from '@/lib/form-resolver';

// The guest lookup's checks are the contract's request rules (9-digit number, SPEC §5 phone); fetched with the first
// submit, so zod and the schemas stay out of /order-status's first load.
export const lookupResolver = requestResolver<{ number: string; phone: string }>(
  orderLookupRequest,
  (v) => ({ number: v.number, phone: v.phone }),
  { number: 'number', phone: 'phone' },
);
