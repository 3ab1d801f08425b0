import nodemailer from 'nodemailer';
import { GatewayError, type MailGateway } from './gateways';

// E-mail codes through an SMTP server with nodemailer. SMTP_URL carries the server and its credentials
// (smtps://user:pass@smtp.example.ru:465, or smtp://…:587 with STARTTLS); MAIL_FROM is the sender.

export interface SmtpOptions {
  url: string;
  from: string;
  timeoutMs: number;
}

/** Failures nodemailer raises before any reply code: about the message or the account, not the road. */
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'ECONFIG', 'EAUTH', 'ENOAUTH']);

/**
 * RFC 5321: a 5yz reply is final (no such mailbox, relaying denied, bad credentials), a 4yz one asks to try
 * later; 503 (bad sequence of commands) is about the session, so a new connection may pass. Without a reply
 * code the connection itself failed (timeout, refused, TLS): retried.
 */
function classify(err: unknown): GatewayError {
  const e = err as { code?: string; responseCode?: number };
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent =
    reply !== undefined ? reply >= 500 && reply < 600 && reply !== 503 : PERMANENT_CODES.has(e.code ?? '');
  return new GatewayError(`SMTP: ${reply ?? e.code ?? 'error'}`, permanent, { cause: err });
}

export function createSmtpMail(opts: SmtpOptions): MailGateway {
  // One connection per message: codes are few, and a pooled connection the server closed while idle would
  // fail the next message for nothing.
  const transport = nodemailer.createTransport(
    {
      url: opts.url,
      connectionTimeout: opts.timeoutMs,
      greetingTimeout: opts.timeoutMs,
      socketTimeout: opts.timeoutMs,
      dnsTimeout: opts.timeoutMs,
    },
    { from: opts.from },
  );
  return {
    async send({ to, subject, text }) {
      try {
        await transport.sendMail({ to, subject, text });
      } catch (err) {
        throw classify(err);
      }
    },
  };
}
