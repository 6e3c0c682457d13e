// Keeps every message in the database instead of sending it; read at /dev/mailbox.
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailMessage, MailTransport } from './types.ts';

export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values(message);
  }

  async close(): Promise<void> {}
}
