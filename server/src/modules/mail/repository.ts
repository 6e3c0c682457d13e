// Reads the mail outbox for /dev/mailbox.
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
