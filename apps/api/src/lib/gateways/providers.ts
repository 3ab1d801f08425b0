import type { FastifyBaseLogger } from 'fastify';
import type { GatewaysConfig } from '../../config';
import type { Providers } from './gateways';
import { createOutboxProviders } from './outbox';
import { createSmscSms } from './smsc';
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
  const sms =
    config.sms === 'smsc' && config.smsc
      ? createSmscSms({
          login: config.smsc.login,
          password: config.smsc.password,
          baseUrl: config.smsc.url,
          timeoutMs: config.timeoutMs,
          sender: config.smsc.sender,
        })
      : config.sms === 'smsru' && smsru
        ? createSmsRuSms(smsru)
        : outbox.sms;
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
      sms: sms === outbox.sms ? 'outbox' : config.sms,
      call: calls === outbox.calls ? 'outbox' : 'smsru',
      mail: mail === outbox.mail ? 'outbox' : 'smtp',
    },
  };
}
