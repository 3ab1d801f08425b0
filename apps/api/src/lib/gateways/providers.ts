import type { FastifyBaseLogger } from 'fastify';
import type { GatewaysConfig } from '../../config';
import type { Providers } from './gateways';
import { createOutboxProviders } from './outbox';
import { createSmsRuCalls, createSmsRuSms } from './smsru';
import { createSmtpMail } from './smtp';

/** The provider of each channel as configured (SMS_PROVIDER, CALL_PROVIDER, MAIL_PROVIDER); outbox by default. */
export function createProviders(
  config: GatewaysConfig,
  outboxPath: string,
  log: FastifyBaseLogger,
): Providers {
  const outbox = createOutboxProviders(outboxPath, log);
  const smsru = config.smsru && {
    apiId: config.smsru.apiId,
    baseUrl: config.smsru.url,
    timeoutMs: config.timeoutMs,
    from: config.smsru.from,
    test: config.smsru.test,
  };
  const sms = config.sms === 'smsru' && smsru ? createSmsRuSms(smsru) : outbox.sms;
  const calls = config.call === 'smsru' && smsru ? createSmsRuCalls(smsru) : outbox.calls;
  const mail =
    config.mail === 'smtp' && config.smtp
      ? createSmtpMail({ ...config.smtp, timeoutMs: config.timeoutMs })
      : outbox.mail;
  return {
    sms,
    calls,
    mail,
    names: {
      sms: sms === outbox.sms ? 'outbox' : 'smsru',
      call: calls === outbox.calls ? 'outbox' : 'smsru',
      mail: mail === outbox.mail ? 'outbox' : 'smtp',
    },
  };
}
