import type { Config } from '../../config';
import { createCashProvider } from './cash';
import type { PaymentProvider, PaymentProviders } from './provider';
import { createSandboxProvider, sandboxPageOrigin } from './sandbox';
import { createYooKassaProvider } from './yookassa';

/** The providers this process can use, by the `gateway` name of payment_methods: cash; the sandbox only when enabled (never in production); YooKassa only when configured. */
export function createPaymentProviders(config: Config, fetchImpl: typeof fetch = fetch): PaymentProviders {
  const list: PaymentProvider[] = [createCashProvider()];
  if (config.paymentSandbox) list.push(createSandboxProvider(sandboxPageOrigin(config)));
  if (config.yookassa) list.push(createYooKassaProvider(config.yookassa, fetchImpl));
  return new Map(list.map((p) => [p.name, p]));
}
