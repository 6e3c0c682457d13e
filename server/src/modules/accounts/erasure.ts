// Account deletion (issue 28): the traces no module owns as "its" data — mails in the outbox and in the job
// queue, and first-party analytics events — go with the person. Registered last among the deletion hooks.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import { forgetPersonMail } from '../mail/repository.ts';

export async function eraseTraces(
  db: Db,
  queue: Pick<JobQueue, 'forgetJobsMentioning'>,
  person: { id: string; email: string },
): Promise<void> {
  await forgetPersonMail(db, person);
  await queue.forgetJobsMentioning([person.email, person.id]);
  // Events sent while signed in, and every event of the same browsing sessions: nothing left links back.
  const sessions = await db
    .selectDistinct({ sessionId: analyticsEvents.sessionId })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, person.id));
  await db.delete(analyticsEvents).where(eq(analyticsEvents.userId, person.id));
  const ids = sessions.map((s) => s.sessionId);
  for (let i = 0; i < ids.length; i += 500)
    await db
      .delete(analyticsEvents)
      .where(inArray(analyticsEvents.sessionId, ids.slice(i, i + 500)));
}
