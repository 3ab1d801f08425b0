import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PermanentJobError, type JobEngine, type JobRun } from '../jobs';
import { messageFailed, messageSent } from '../metrics';
import { replaceCode } from '../one-time-codes';
import {
  GatewayError,
  type CallRequest,
  type Gateways,
  type MailMessage,
  type Providers,
  type SmsMessage,
} from './gateways';
import { maskRecipient } from './outbox';

// Texts, reset calls and e-mails go out as `send` jobs (issue #16): the request that asks for one only writes the
// job, so it never waits for a provider nor fails with one. pg-boss runs the job in one process, retries a
// transient failure (timeout, 5xx, network, "try later") with doubling delays, and a message given up on — a
// permanent refusal at once, a transient one after the last retry — is reported: an error log line with the
// masked recipient (never the code) and podbor_api_messages_failed_total{channel,reason} — and its job ends failed
// with the provider's answer as its reason (the back office's «Фоновые задачи» lists it and can run it again).
//
// A one-time code must not lie readable in pg-boss's job table, which keeps finished jobs a week: the message
// (recipient, text, code) is sealed with AES-256-GCM under a key derived from the app's secret (JWT_SECRET),
// which every API process shares. Encrypting rather than deleting the payload after sending, because a job
// that failed or waits for its retry holds the code as well, and a deleted job could no longer be seen (by
// admins, by the metrics) at all. Only the channel, the purpose and the masked recipient stay in clear.

export type MessageChannel = 'sms' | 'call' | 'mail';

/**
 * Messages one job worker sends side by side. Each is one HTTP request (or SMTP dialogue) that mostly waits for the
 * provider: one at a time, a burst of 200 registration codes took minutes; ten at a time per worker, seconds.
 */
const SEND_BATCH = 10;

/** The data of a `send` job. */
export interface SendJob {
  channel: MessageChannel;
  purpose: string;
  /** The recipient masked (+7******4567, a***@example.ru), for the jobs page and logs. */
  to: string;
  /** base64url of IV (12 bytes) ‖ GCM tag (16) ‖ the encrypted message. */
  sealed: string;
}

type Message =
  | { channel: 'sms'; message: SmsMessage }
  | { channel: 'call'; request: CallRequest }
  | { channel: 'mail'; message: MailMessage };

/** What one attempt did: sent the message, or found that the provider had it from an earlier run. */
type Outcome = 'sent' | 'found';
/** `ref`: the message's id at the provider (its job's); `resumed`: an earlier run asked and saw no "taken". */
interface AttemptOf {
  ref: string;
  resumed: boolean;
}

const recipientOf = (m: Message) => (m.channel === 'call' ? m.request.to : m.message.to);
const purposeOf = (m: Message) => (m.channel === 'call' ? 'reset_call' : m.message.purpose);
/** The clear fields are bound to the ciphertext: a job whose channel or purpose was edited does not open. */
const aadOf = (channel: string, purpose: string) => Buffer.from(`podbor-send:${channel}:${purpose}`);

export interface MessengerEnv {
  db: Db;
  /** The app's secret (JWT_SECRET): the sealing key and the reset code's hash both come from it. */
  secret: string;
  log: FastifyBaseLogger;
  /**
   * A `send` job still running after this long is taken for lost (its process died) and put back in the queue:
   * a little more than one provider request may take (GATEWAY_TIMEOUT_MS), not the engine's 15 minutes.
   */
  sendExpireSeconds: number;
}

export class Messenger {
  /** What route modules send through: each call writes a job and returns. */
  readonly gateways: Gateways;
  private readonly key: Buffer;

  constructor(
    private readonly providers: Providers,
    private readonly jobs: JobEngine,
    private readonly env: MessengerEnv,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', env.secret, 'podbor', 'outgoing messages', 32));
    this.gateways = {
      sms: { send: (message) => this.submit({ channel: 'sms', message }) },
      calls: { call: (request) => this.submit({ channel: 'call', request }) },
      mail: { send: (message) => this.submit({ channel: 'mail', message }) },
    };
    jobs.register('send', (job, run) => this.run(job, run), {
      expireSeconds: env.sendExpireSeconds,
      batchSize: SEND_BATCH,
    });
  }

  /**
   * One run of a `send` job (README, «Messages»: what is guaranteed when a process dies mid-way). The run records in
   * the job's row (saveProgress) that it is about to ask the provider and, the moment the provider has taken the
   * message, that it was sent. A later run of the same job — a retry, or after a SIGKILL the run pg-boss gives the
   * job to another process once its expiry passes — reads that record:
   *  - `sentAt`: the provider took it and only the job's completion was lost: done, not sent again;
   *  - `askedAt` without `sentAt`: an earlier run asked the provider and saw no "taken" — it was refused, timed out,
   *    or its process died mid-request (no `answeredAt`; counted as `cutOff`), and whether the request had reached
   *    the provider is unknown. A provider that can look a message up by the sender's own id (SMSC: `taken`, the
   *    job's id is the message's) is asked first: it has the message → recorded as sent, not sent again; it does
   *    not → sent now. Exactly once. SMS.ru has no such id nor lookup, so it is sent again (at least once): a lost
   *    code locks the customer out, a second identical one does no harm.
   */
  private async run(job: SendJob, run: JobRun): Promise<void> {
    const where = { channel: job.channel, purpose: job.purpose, to: job.to, jobId: run.id };
    if (run.progress.sentAt) {
      this.env.log.info(where, 'message was sent by an earlier run of its job; not sent again');
      return;
    }
    const resumed = Boolean(run.progress.askedAt);
    const canLookUp = job.channel === 'sms' && this.providers.sms.taken !== undefined;
    if (resumed && !run.progress.answeredAt) {
      await run.saveProgress({ cutOff: Number(run.progress.cutOff ?? 0) + 1 });
      this.env.log.warn(
        where,
        canLookUp
          ? 'an earlier run died while asking the provider; asking it whether it took the message'
          : 'an earlier run died while asking the provider; sending again (it may arrive twice)',
      );
    }
    let message: Message;
    try {
      message = this.open(job);
    } catch {
      // Sealed under another secret (JWT_SECRET changed since) or altered: no retry can open it.
      const detail = 'the sealed message does not open';
      this.report(job.channel, job.purpose, job.to, 'permanent', detail);
      throw new PermanentJobError(detail);
    }
    await run.saveProgress({ askedAt: new Date().toISOString(), answeredAt: null });
    let outcome: Outcome | undefined;
    try {
      outcome = await this.deliver(message, run.lastAttempt, { ref: run.id, resumed });
    } finally {
      const now = new Date().toISOString();
      // After a send, a failure to record it must not fail the job: a retry would send it a second time.
      await run
        .saveProgress(
          outcome
            ? { answeredAt: now, sentAt: now, ...(outcome === 'found' ? { foundAt: now } : {}) }
            : { answeredAt: now },
        )
        .catch((err: unknown) => this.env.log.warn({ err, jobId: run.id }, 'could not record a send'));
    }
    if (outcome === 'found')
      this.env.log.info(where, 'the provider had the message from an earlier run; not sent again');
  }

  seal(message: Message): SendJob {
    const purpose = purposeOf(message);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(aadOf(message.channel, purpose));
    const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
    return {
      channel: message.channel,
      purpose,
      to: maskRecipient(recipientOf(message)),
      sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url'),
    };
  }

  open(job: SendJob): Message {
    const raw = Buffer.from(job.sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(aadOf(job.channel, job.purpose));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Message;
  }

  private async submit(message: Message): Promise<void> {
    if (await this.jobs.enqueue('send', this.seal(message))) return;
    // No job engine in this process (JOBS_ENABLED=false, tests that do not start one, a process still
    // migrating): one attempt at once, in the background so the request still does not wait; no retries.
    void this.deliver(message, true, { ref: randomUUID(), resumed: false }).catch(() => undefined);
  }

  /**
   * One attempt. Returns once the provider has the message (sent now, or found from an earlier run); throws when
   * the engine should try again — and, on the last attempt or a permanent refusal, after reporting it, so the job
   * ends failed.
   */
  private async deliver(message: Message, lastAttempt: boolean, attempt: AttemptOf): Promise<Outcome> {
    const { channel } = message;
    let outcome: Outcome;
    try {
      outcome = await this.attempt(message, attempt);
    } catch (err) {
      const permanent = err instanceof GatewayError && err.permanent;
      if (permanent || lastAttempt) {
        const detail = err instanceof Error ? err.message : String(err);
        const reason = permanent ? 'permanent' : 'retries_exhausted';
        this.report(channel, purposeOf(message), maskRecipient(recipientOf(message)), reason, detail);
        // The job ends failed with the provider's answer as its reason, visible and retryable in the back office.
        if (permanent) throw new PermanentJobError(detail, { cause: err });
      }
      throw err;
    }
    messageSent(channel, this.providers.names[channel]);
    return outcome;
  }

  private async attempt(message: Message, { ref, resumed }: AttemptOf): Promise<Outcome> {
    if (message.channel === 'sms') {
      const { sms } = this.providers;
      if (resumed && sms.taken && (await sms.taken(message.message, ref))) return 'found';
      await sms.send(message.message, ref);
      return 'sent';
    }
    if (message.channel === 'mail') {
      await this.providers.mail.send(message.message);
      return 'sent';
    }
    const { to, code, codeId, ip } = message.request;
    const { digits } = await this.providers.calls.call({ to, code, ip });
    // The provider chose the calling number: its last digits are the code the customer will type.
    if (digits !== code)
      await replaceCode(this.env.db, this.env.secret, {
        id: codeId,
        purpose: 'reset_call',
        target: to,
        code: digits,
      });
    return 'sent';
  }

  private report(
    channel: MessageChannel,
    purpose: string,
    maskedTo: string,
    reason: 'permanent' | 'retries_exhausted',
    detail: string,
  ): void {
    messageFailed(channel, reason);
    this.env.log.error(
      {
        event: 'message_failed',
        channel,
        purpose,
        to: maskedTo,
        provider: this.providers.names[channel],
        reason,
        detail,
      },
      'message not delivered',
    );
  }
}
