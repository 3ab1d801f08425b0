/**
 * Outgoing one-time codes and notices. Each channel has its own interface so a real provider (an SMS API, a
 * flash-call provider, SMTP) can replace the local outbox one channel at a time.
 *
 * Two layers: route modules call `Gateways` (lib/gateways/messages.ts puts each message in the job engine and
 * returns at once); the job's handler calls a provider (`Providers`: the outbox, SMS.ru, SMSC, SMTP).
 */
export type CodePurpose = 'register' | 'reset_call' | 'email';

export interface SmsMessage {
  /** +7XXXXXXXXXX */
  to: string;
  /** `order_ready`: the order waits at the branch (the back office moved it to ready). */
  purpose: 'register' | 'order_ready';
  /** Absent for notices that carry no code (e.g. "this number already has an account"). */
  code?: string;
  text: string;
}

export interface SmsGateway {
  send(message: SmsMessage): Promise<void>;
}

export interface CallRequest {
  to: string;
  code: string;
  /** `verification_codes.id` of `code`: a provider that chooses the digits itself has them stored there instead. */
  codeId: number;
  /** The customer's address (SMS.ru asks for it to spot abuse). */
  ip?: string;
}

export interface CallGateway {
  /** Calls `to` from a number whose last four digits are the code; the customer types those digits. */
  call(request: CallRequest): Promise<void>;
}

export interface MailMessage {
  to: string;
  purpose: 'email';
  code: string;
  subject: string;
  text: string;
}

export interface MailGateway {
  send(message: MailMessage): Promise<void>;
}

export interface Gateways {
  sms: SmsGateway;
  calls: CallGateway;
  mail: MailGateway;
}

/**
 * A flash-call provider. Some take our code as the last digits of the calling number, others (SMS.ru) pick
 * the number themselves and say which digits it ends with: `digits` is what the customer will see either way.
 */
export interface CallProvider {
  call(request: { to: string; code: string; ip?: string }): Promise<{ digits: string }>;
}

/**
 * What sends texts. `ref` is the message's own id — its job's, the same in every run of that job — for a provider
 * that lets the sender name its messages (SMSC); others ignore it.
 */
export interface SmsProvider {
  send(message: SmsMessage, ref: string): Promise<void>;
  /**
   * Whether the provider already has the message `ref` to `message.to`: asked before sending again after an
   * earlier run's request had no answer (cut off, timed out), so a message it took is not sent twice. Only
   * providers that can look a message up by the sender's id have it (SMSC; SMS.ru cannot).
   */
  taken?(message: SmsMessage, ref: string): Promise<boolean>;
}

/** What actually sends, per channel, and its name for logs and metrics. */
export interface Providers {
  sms: SmsProvider;
  calls: CallProvider;
  mail: MailGateway;
  names: { sms: string; call: string; mail: string };
}

/**
 * A provider's refusal or failure. `permanent`: sending the same message again cannot help (bad number, bad
 * credentials, refused text) — it is reported, not retried. Otherwise (timeout, 5xx, network, "try later") the
 * job engine retries it. `detail` names the cause for the log and never holds the message or its code.
 */
export class GatewayError extends Error {
  constructor(
    readonly detail: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'GatewayError';
  }
}
