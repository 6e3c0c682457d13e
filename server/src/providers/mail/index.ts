// Picks the mail transport from config.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { OutboxMailTransport } from './outbox.ts';
import { SmtpMailTransport } from './smtp.ts';
import type { MailTransport } from './types.ts';

export function createMailTransport(config: Config, db: Db): MailTransport {
  if (config.mail.transport === 'smtp' && config.mail.smtpUrl)
    return new SmtpMailTransport(config.mail.smtpUrl, config.mail.from);
  return new OutboxMailTransport(db);
}
