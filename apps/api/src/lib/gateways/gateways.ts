/**
 * Outgoing one-time codes. Each channel has its own interface so a real provider (an SMS API, a flash-call
 * provider, SMTP) can replace the local outbox one channel at a time.
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

export interface CallGateway {
  /** Calls `to` from a number whose last four digits are `code`; the customer types those digits. */
  call(request: { to: string; code: string }): Promise<void>;
}

export interface MailGateway {
  send(message: { to: string; purpose: 'email'; code: string; subject: string; text: string }): Promise<void>;
}

export interface Gateways {
  sms: SmsGateway;
  calls: CallGateway;
  mail: MailGateway;
}
