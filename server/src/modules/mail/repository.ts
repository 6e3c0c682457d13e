// Reads the mail outbox for /dev/mailbox, and forgets a deleted person's kept mails.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export async function listOutbox(db: Db, options: { to?: string; limit: number; skip: number }) {
  const where = options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit)
    .offset(options.skip);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(where);
  return { rows, count };
}

/**
 * Account deletion: the mails kept in the outbox for this person (to their address, or naming their
 * address or id). Queued `mail.send` jobs are the job queue's (`JobQueue.forgetJobsMentioning`).
 */
export async function forgetPersonMail(
  db: Db,
  person: { id: string; email: string },
): Promise<void> {
  const email = person.email.toLowerCase();
  const contains = (column: ReturnType<typeof sql>, needle: string) =>
    sql`position(${needle} in lower(${column})) > 0`;
  await db
    .delete(mailOutbox)
    .where(
      sql`lower(${mailOutbox.to}) = ${email} or ${contains(sql`${mailOutbox.subject} || ' ' || ${mailOutbox.text} || ' ' || ${mailOutbox.html}`, email)} or ${contains(sql`${mailOutbox.text} || ' ' || ${mailOutbox.html}`, person.id)}`,
    );
}
