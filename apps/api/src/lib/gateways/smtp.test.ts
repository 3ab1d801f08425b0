import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from './gateways';
import { createSmtpMail } from './smtp';

// Issue #16: e-mail through nodemailer against a local SMTP server (smtp-server, nodemailer's own): the message
// arrives with its To, From, Subject and text; the server's refusals are sorted by their reply codes (5xx
// permanent, 4xx transient), bad credentials are permanent, a server that never greets times out (transient).

const FROM = 'Подбор <noreply@podbor.test>';
const TIMEOUT_MS = 500;

interface Smtp {
  url: string;
  received: { envelopeFrom: string; envelopeTo: string[]; mail: ParsedMail }[];
  close(): Promise<void>;
}

async function smtpServer(extra: Partial<SMTPServerOptions> = {}, credentials?: string): Promise<Smtp> {
  const received: Smtp['received'] = [];
  const server = new SMTPServer({
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !credentials,
    logger: false,
    onAuth(auth, _session, callback) {
      if (`${auth.username}:${auth.password}` === credentials) return callback(null, { user: auth.username });
      const err = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
      callback(err);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
    ...extra,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = credentials ? `${credentials}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const MESSAGE = {
  to: 'petr@example.ru',
  purpose: 'email' as const,
  code: '4821',
  subject: 'Подбор: подтверждение e-mail',
  text: 'Ваш код подтверждения: 4821',
};

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe('SMTP through nodemailer', () => {
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await smtpServer({
      onRcptTo(address, _session, callback) {
        if (address.address === 'nobody@example.ru') {
          return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        }
        if (address.address === 'busy@example.ru') {
          return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        }
        callback();
      },
    });
  });
  afterAll(() => smtp.close());

  it('delivers the message with its To, From, Subject and text', async () => {
    await createSmtpMail({ url: smtp.url, from: FROM, timeoutMs: TIMEOUT_MS }).send(MESSAGE);
    expect(smtp.received).toHaveLength(1);
    const [{ envelopeFrom, envelopeTo, mail }] = smtp.received as [Smtp['received'][number]];
    expect(envelopeFrom).toBe('noreply@podbor.test');
    expect(envelopeTo).toEqual(['petr@example.ru']);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : mail.to).toBe('petr@example.ru');
    expect(mail.from?.value).toEqual([{ address: 'noreply@podbor.test', name: 'Подбор' }]);
    expect(mail.subject).toBe('Подбор: подтверждение e-mail');
    expect(mail.text?.trim()).toBe('Ваш код подтверждения: 4821');
  });

  it('a mailbox the server refuses (550) is permanent, one it asks to retry later (451) transient', async () => {
    const mail = createSmtpMail({ url: smtp.url, from: FROM, timeoutMs: TIMEOUT_MS });
    const refused = await failure(mail.send({ ...MESSAGE, to: 'nobody@example.ru' }));
    expect([refused.permanent, refused.detail]).toEqual([true, 'SMTP: 550']);
    const later = await failure(mail.send({ ...MESSAGE, to: 'busy@example.ru' }));
    expect([later.permanent, later.detail]).toEqual([false, 'SMTP: 451']);
  });
});

describe('SMTP credentials and silence', () => {
  it('wrong credentials are permanent; the right ones deliver', async () => {
    const smtp = await smtpServer({}, 'shop:secret');
    try {
      const wrong = smtp.url.replace('shop:secret', 'shop:wrong');
      const err = await failure(
        createSmtpMail({ url: wrong, from: FROM, timeoutMs: TIMEOUT_MS }).send(MESSAGE),
      );
      expect([err.permanent, err.detail]).toEqual([true, 'SMTP: 535']);
      await createSmtpMail({ url: smtp.url, from: FROM, timeoutMs: TIMEOUT_MS }).send(MESSAGE);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('a server that accepts the connection but never greets times out, transiently', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = performance.now();
      const err = await failure(
        createSmtpMail({ url: `smtp://127.0.0.1:${port}`, from: FROM, timeoutMs: TIMEOUT_MS }).send(MESSAGE),
      );
      expect([err.permanent, err.detail]).toEqual([false, 'SMTP: ETIMEDOUT']);
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
