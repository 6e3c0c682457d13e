// Sends mail through the `mail.send` job, so an unreachable SMTP server is retried instead of failing
// the request that caused the mail.
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Locale } from '../../i18n/messages.ts';
import { renderMail, type MailTemplate } from '../../providers/mail/templates.ts';
import type { MailMessage, MailTransport } from '../../providers/mail/types.ts';

export const MAIL_JOB = 'mail.send';

/**
 * One delivery is a connection and a few SMTP exchanges: seconds. Past this the attempt is abandoned
 * (a server that accepted the connection and went silent) and the job fails, to be tried again.
 */
export const MAIL_SEND_TIMEOUT_MS = 90_000;

/**
 * The job's own limits. A worker killed mid-send is noticed after MAIL_JOB_EXPIRY_SECONDS (not pg-boss's
 * default 15 minutes) and the mail retried. Retries back off from 30 s (30 s, 1, 2, 4… min): ten of them
 * cover a mail server down for several hours, after which the mail is dropped (its links would have
 * expired anyway).
 */
export const MAIL_JOB_EXPIRY_SECONDS = 180;
export const MAIL_RETRY = { retryLimit: 10, retryDelaySeconds: 30 };

class MailTimeoutError extends Error {}

function withDeadline(send: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new MailTimeoutError(`The mail server did not answer within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([send, deadline]).finally(() => clearTimeout(timer));
}

export class MailService {
  constructor(
    private readonly queue: JobQueue,
    transport: MailTransport,
    retry: { retryLimit: number; retryDelaySeconds: number } = MAIL_RETRY,
  ) {
    queue.define<MailMessage>(
      MAIL_JOB,
      (message) => withDeadline(transport.send(message), MAIL_SEND_TIMEOUT_MS),
      { ...retry, expireInSeconds: MAIL_JOB_EXPIRY_SECONDS },
    );
  }

  /** `within`: a transaction of `queue.transaction()`; the mail is queued only if it commits. */
  async send(
    locale: Locale,
    to: string,
    template: MailTemplate,
    options: { within?: Db } = {},
  ): Promise<void> {
    await this.queue.send(
      MAIL_JOB,
      renderMail(locale, to, template),
      options.within ? { within: options.within } : {},
    );
  }
}
