// Keeps every message in the database instead of sending it; read at /dev/mailbox.
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailMessage, MailTransport } from './types.ts';

export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, headers } = message;
    await this.db.insert(mailOutbox).values({ to, subject, text, html, headers: headers ?? null });
  }

  async close(): Promise<void> {}
}
