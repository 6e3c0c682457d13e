// First-party analytics (spec §9), kept only with consent: the app sends nothing before the person says
// yes, and a batch that does not carry `consent: true` is dropped here too. Nothing of the story is ever
// part of an event (the app sends paths with ids replaced, feature names and steps).
import { and, count, countDistinct, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, conversations, summaryVersions } from '../../db/schema/index.ts';
import type { AnalyticsEvent } from '../../contract/analytics.ts';

export interface DailyReport {
  day: string;
  activePeople: number;
  chaptersStarted: number;
  chaptersFinished: number;
}

export class AnalyticsService {
  constructor(private readonly db: Db) {}

  async record(userId: string | null, events: AnalyticsEvent[]): Promise<number> {
    const now = Date.now();
    const rows = events.map((event) => {
      const at = new Date(event.timestamp);
      // A device clock far off is clamped to the arrival time.
      const occurredAt = Math.abs(at.getTime() - now) > 7 * 86_400_000 ? new Date(now) : at;
      return {
        event: event.event,
        occurredAt,
        sessionId: event.session_id,
        userId,
        properties: { ...event.properties, platform: 'WebApp' },
      };
    });
    await this.db.insert(analyticsEvents).values(rows);
    return rows.length;
  }

  /** Daily active people (signed-in people, else visits), chapters started and finished, per day. */
  async daily(days: number): Promise<DailyReport[]> {
    const since = new Date(Date.now() - days * 86_400_000);
    const day = (column: unknown) =>
      sql<string>`to_char(date_trunc('day', ${column}), 'YYYY-MM-DD')`;
    const active = await this.db
      .select({
        day: day(analyticsEvents.occurredAt),
        people: countDistinct(
          sql`coalesce(${analyticsEvents.userId}::text, ${analyticsEvents.sessionId})`,
        ),
      })
      .from(analyticsEvents)
      .where(gte(analyticsEvents.occurredAt, since))
      .groupBy(day(analyticsEvents.occurredAt));
    const started = await this.db
      .select({ day: day(conversations.createdAt), n: count() })
      .from(conversations)
      .where(gte(conversations.createdAt, since))
      .groupBy(day(conversations.createdAt));
    // A chapter is finished when its first text is written.
    const firstTexts = this.db
      .select({ at: sql<Date>`min(${summaryVersions.createdAt})`.as('at') })
      .from(summaryVersions)
      .groupBy(summaryVersions.conversationId)
      .as('first_texts');
    const finished = await this.db
      .select({ day: day(firstTexts.at), n: count() })
      .from(firstTexts)
      .where(gte(firstTexts.at, since))
      .groupBy(day(firstTexts.at));
    const byDay = new Map<string, DailyReport>();
    const entry = (d: string) => {
      let row = byDay.get(d);
      if (!row)
        byDay.set(d, (row = { day: d, activePeople: 0, chaptersStarted: 0, chaptersFinished: 0 }));
      return row;
    };
    for (const row of active) entry(row.day).activePeople = Number(row.people);
    for (const row of started) entry(row.day).chaptersStarted = Number(row.n);
    for (const row of finished) entry(row.day).chaptersFinished = Number(row.n);
    return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  /** Where people leave the onboarding wizard: abandonments by the step they reached. */
  async wizardDropOff(days: number): Promise<{ step: string; count: number }[]> {
    const since = new Date(Date.now() - days * 86_400_000);
    const step = sql<string>`coalesce(${analyticsEvents.properties}->>'step', '?')`;
    const rows = await this.db
      .select({ step, n: count() })
      .from(analyticsEvents)
      .where(
        and(
          sql`${analyticsEvents.event} = 'onboarding_abandoned'`,
          gte(analyticsEvents.occurredAt, since),
        ),
      )
      .groupBy(step)
      .orderBy(step);
    return rows.map((row) => ({ step: row.step, count: Number(row.n) }));
  }
}
