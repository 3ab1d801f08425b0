import { randomInt } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CallProvider, MailGateway, SmsGateway } from './gateways';

/** One line of the outbox file (JSON Lines). `from` is the calling number of a reset call. */
export interface OutboxEntry {
  at: string;
  to: string;
  purpose: string;
  code: string | null;
  text: string;
  from?: string;
}

/** Recipient with the middle hidden, for logs: `+7******4567`, `a***@example.ru`. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to.charAt(0)}***${to.slice(at)}`;
  return to.length > 6 ? `${to.slice(0, 2)}${'*'.repeat(to.length - 6)}${to.slice(-4)}` : '***';
}

/**
 * A calling number whose last four digits are the code: +7 9XX XXX <code>. The first digits are random so
 * the numbers look like real mobile numbers of a flash-call pool.
 */
export function callerNumberFor(code: string): string {
  let middle = '9';
  for (let i = 0; i < 5; i++) middle += String(randomInt(10));
  return `+7${middle}${code}`;
}

/**
 * The default of every channel when no provider is configured: appends a line to `OUTBOX_PATH` (developers
 * and tests read codes there). The log line names the channel and a masked recipient, never the code.
 */
export class Outbox {
  private dirReady: Promise<unknown> | undefined;
  // Appends are chained so concurrent writers never interleave parts of lines.
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  write(entry: Omit<OutboxEntry, 'at'>): Promise<void> {
    const line = `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`;
    this.dirReady ??= mkdir(path.dirname(this.file), { recursive: true });
    const next = this.tail.then(async () => {
      await this.dirReady;
      await appendFile(this.file, line, { mode: 0o600 });
    });
    this.tail = next.catch(() => undefined);
    this.log.info(
      { channel: 'outbox', purpose: entry.purpose, to: maskRecipient(entry.to) },
      'message written to the outbox',
    );
    return next;
  }
}

/** The outbox as the provider of each channel (the default of every one). */
export function createOutboxProviders(
  file: string,
  log: FastifyBaseLogger,
): { sms: SmsGateway; calls: CallProvider; mail: MailGateway } {
  const outbox = new Outbox(file, log);
  const sms: SmsGateway = {
    send: ({ to, purpose, code, text }) => outbox.write({ to, purpose, code: code ?? null, text }),
  };
  const calls: CallProvider = {
    call: async ({ to, code }) => {
      const from = callerNumberFor(code);
      await outbox.write({
        to,
        purpose: 'reset_call',
        code,
        from,
        text: `Входящий звонок с номера ${from}. Введите последние 4 цифры этого номера.`,
      });
      return { digits: code };
    },
  };
  const mail: MailGateway = {
    send: ({ to, purpose, code, subject, text }) =>
      outbox.write({ to, purpose, code, text: `${subject}\n\n${text}` }),
  };
  return { sms, calls, mail };
}
