import type { DbHandle } from './db/client';
import type { JobEngine } from './lib/jobs';
import type { CallGateway, MailGateway, SmsGateway } from './lib/gateways/gateways';
import type { PaymentProviders } from './lib/payments/provider';
import type { RateLimiter } from './lib/rate-limit';
import type { ShowcaseResolver } from './modules/showcase/showcase.service';

/**
 * Shared services handed to route modules (only db and config are decorated on the instance). It lives apart
 * from app.ts so that route modules, which app.ts imports, never import app.ts back.
 */
export interface AppDeps {
  handle: DbHandle;
  limiter: RateLimiter;
  showcases: ShowcaseResolver;
  /** Registration codes by SMS; reset codes by call; e-mail verification codes (outbox by default). */
  sms: SmsGateway;
  calls: CallGateway;
  mail: MailGateway;
  /** Payment providers by gateway name: cash, sandbox, and yookassa when configured. */
  payments: PaymentProviders;
  /** The job engine (imports…): handlers are registered by the modules, it starts when the app is ready. */
  jobs: JobEngine;
}
