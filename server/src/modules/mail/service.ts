// Sends mail through the `mail.send` job, so an unreachable SMTP server is retried instead of failing
// the request that caused the mail.
import type { JobQueue } from '../../jobs/queue.ts';
import type { Locale } from '../../i18n/messages.ts';
import { renderMail, type MailTemplate } from '../../providers/mail/templates.ts';
import type { MailMessage, MailTransport } from '../../providers/mail/types.ts';

export const MAIL_JOB = 'mail.send';

export class MailService {
  constructor(
    private readonly queue: JobQueue,
    transport: MailTransport,
    retry: { retryLimit: number; retryDelaySeconds: number } = {
      retryLimit: 8,
      retryDelaySeconds: 10,
    },
  ) {
    queue.define<MailMessage>(MAIL_JOB, (message) => transport.send(message), retry);
  }

  async send(locale: Locale, to: string, template: MailTemplate): Promise<void> {
    await this.queue.send(MAIL_JOB, renderMail(locale, to, template));
  }
}
