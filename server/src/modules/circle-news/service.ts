// The news of a family circle and her gentle weekly question (issue 31, items 4 and 5), and the Web Push
// subscriptions both use.
//
// Two recurring jobs, each run by a timer of the processes that work jobs (`startSchedules`) and safe to
// run twice or at once in several processes:
// - `circle.news` (every 10 minutes): for each member who joined and wants news, the chapters released
//   since their last news make one mail (one chapter, or a digest) and a notification per subscribed
//   browser; `last_news_at` moves in the same transaction that queues the mail and the notifications,
//   under the member's row lock, so a crash or a second run never sends the same news twice.
// - `story.rhythm` (every hour): on her day (Paris time, from 9 o'clock), unless she told a story in the
//   last 7 days or was sent one in the last 6, one question: her family's first waiting one, else one of
//   the biographer's bank she was not asked yet, whose id rides in the link so that one tap opens the
//   chapter on it (`POST /conversations?question=`).
// Notifications go out through `push.send`, one job per browser: a failure is retried by that job alone,
// a push service that forgot the subscription (404, 410) makes us forget it too.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages, userLocale, type Locale } from '../../i18n/messages.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailService } from '../mail/service.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { PushPayload, PushSubscriptionBody, StoryRhythm } from '../../contract/circle-news.ts';
import { getBank } from '../../providers/interviewer/bank.ts';
import { applyRegister } from '../../providers/interviewer/render.ts';
import type { PushSender } from '../../providers/push/types.ts';
import type { CircleNewsRepository } from './repository.ts';
import { firstWaitingQuestion } from '../circle-contributions/repository.ts';

export const NEWS_JOB = 'circle.news';
export const RHYTHM_JOB = 'story.rhythm';
export const PUSH_JOB = 'push.send';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const NEWS_EVERY_MS = 10 * MINUTE;
export const RHYTHM_EVERY_MS = 60 * MINUTE;
/** The weekly question waits for the morning of her day, Paris time. */
export const RHYTHM_FROM_HOUR = 9;
const EXCERPT_LENGTH = 300;
/** How long a push service keeps a notification for a browser that is offline. */
const NEWS_TTL_SECONDS = 2 * 24 * 3600;
const RHYTHM_TTL_SECONDS = 3 * 24 * 3600;
const UNSUBSCRIBE_PURPOSE = 'rhythm-unsubscribe';

interface PushJob {
  userId: string;
  endpoint: string;
  payload: string;
  ttlSeconds: number;
}

registerErrorStatus('invalid_push_subscription', 422);
registerErrorStatus('rhythm_without_channel', 422);
registerErrorMessages({
  invalid_push_subscription: {
    fr: 'Cet abonnement aux notifications n’est pas valable.',
    en: 'This notification subscription is not valid.',
  },
  rhythm_without_channel: {
    fr: 'Choisissez au moins un moyen de recevoir la question : e-mail ou notification.',
    en: 'Choose at least one way to receive the question: email or notification.',
  },
});

export class CircleNewsService {
  constructor(
    private readonly repository: CircleNewsRepository,
    private readonly queue: JobQueue,
    private readonly mail: MailService,
    private readonly push: PushSender,
    private readonly config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'push'>,
  ) {
    queue.define<PushJob>(PUSH_JOB, (job) => this.deliver(job), {
      retryLimit: 6,
      retryDelaySeconds: 30,
      expireInSeconds: 120,
    });
    queue.define(NEWS_JOB, () => this.runNews(new Date()).then(() => undefined), {
      retryLimit: 1,
      expireInSeconds: 600,
    });
    queue.define(RHYTHM_JOB, () => this.runRhythm(new Date()).then(() => undefined), {
      retryLimit: 1,
      expireInSeconds: 600,
    });
  }

  // ---------------------------------------------------------------- push subscriptions

  publicKey(): { public_key: string } {
    return { public_key: this.config.push.vapidPublicKey };
  }

  async subscribe(user: UserRow, body: PushSubscriptionBody): Promise<void> {
    const { endpoint, keys } = body;
    if (!this.acceptableEndpoint(endpoint)) throw invalidSubscription('endpoint');
    // A P-256 point, uncompressed (65 bytes), and a 16-byte auth secret (RFC 8291).
    if (Buffer.from(keys.p256dh, 'base64url').length !== 65 || keys.p256dh.length > 100)
      throw invalidSubscription('keys', 'p256dh');
    if (Buffer.from(keys.auth, 'base64url').length !== 16)
      throw invalidSubscription('keys', 'auth');
    await this.repository.upsertSubscription(user.id, {
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
    });
  }

  async forgetSubscription(user: UserRow, endpoint: string): Promise<void> {
    await this.repository.deleteSubscription(user.id, endpoint);
  }

  /**
   * A push service's URL: https, as every browser's is. Plain http only on a server that is itself
   * served over http (a machine of one's own, the tests): a subscription cannot make a public server
   * post to its private network's plain-http services.
   */
  private acceptableEndpoint(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && this.config.publicUrl.startsWith('http:');
  }

  /** The `push.send` job: one notification to one browser. */
  private async deliver(job: PushJob): Promise<void> {
    const target = await this.repository.findSubscription(job.userId, job.endpoint);
    // Unsubscribed (or taken over by another person) since: nothing to send.
    if (!target) return;
    const outcome = await this.push.send(target, job.payload, { ttlSeconds: job.ttlSeconds });
    if (outcome === 'gone') await this.repository.deleteSubscription(job.userId, job.endpoint);
  }

  /** Queues one notification per browser of `userId`, in the caller's transaction. */
  private async notify(tx: Db, userId: string, payload: PushPayload, ttlSeconds: number) {
    for (const { endpoint } of await this.repository.subscriptionsOf(userId, tx))
      await this.queue.send<PushJob>(
        PUSH_JOB,
        { userId, endpoint, payload: JSON.stringify(payload), ttlSeconds },
        { within: tx },
      );
  }

  // ---------------------------------------------------------------- her rhythm

  async rhythm(user: UserRow): Promise<StoryRhythm | null> {
    const row = await this.repository.rhythmOf(user.id);
    return row ? { weekday: row.weekday, by_email: row.byEmail, by_push: row.byPush } : null;
  }

  async setRhythm(user: UserRow, body: StoryRhythm): Promise<StoryRhythm> {
    if (!body.by_email && !body.by_push) throw new AppError('rhythm_without_channel');
    const row = await this.repository.putRhythm(user.id, {
      weekday: body.weekday,
      byEmail: body.by_email,
      byPush: body.by_push,
    });
    return { weekday: row.weekday, by_email: row.byEmail, by_push: row.byPush };
  }

  async stopRhythm(userId: string): Promise<void> {
    await this.repository.deleteRhythm(userId);
  }

  /** The one-click link of her rhythm mails: her id and its HMAC (no row to look up, nothing stored). */
  unsubscribeUrl(userId: string): string {
    return `${this.config.publicUrl}/api/v1/rhythm/unsubscribe?token=${userId}.${this.unsubscribeMac(userId)}`;
  }

  /** RFC 8058: stops her rhythm when the token is hers; says nothing either way. */
  async unsubscribeByToken(token: string): Promise<void> {
    const [userId, mac] = token.split('.');
    if (!userId || !mac || !/^[0-9a-f-]{36}$/i.test(userId)) return;
    const expected = Buffer.from(this.unsubscribeMac(userId));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return;
    await this.stopRhythm(userId);
  }

  private unsubscribeMac(userId: string): string {
    return createHmac('sha256', this.config.jwtSecret)
      .update(`${UNSUBSCRIBE_PURPOSE}:${userId}`)
      .digest('base64url');
  }

  /** The weekly question for every rhythm due at `now`; how many were sent. */
  async runRhythm(now: Date): Promise<number> {
    const { weekday, hour } = parisClock(now);
    if (hour < RHYTHM_FROM_HOUR) return 0;
    const sentBefore = new Date(now.getTime() - 6 * DAY);
    let sent = 0;
    for (const userId of await this.repository.rhythmsDue(weekday, sentBefore)) {
      const done = await this.queue.transaction(async (tx) => {
        const rhythm = await this.repository.lockRhythm(tx, userId);
        if (!rhythm || rhythm.weekday !== weekday) return false;
        if (rhythm.lastSentAt && rhythm.lastSentAt >= sentBefore) return false;
        const lastStory = await this.repository.lastStoryAt(tx, userId);
        if (lastStory && lastStory.getTime() > now.getTime() - 7 * DAY) return false;
        const [user] = await this.repository.usersByIds(tx, [userId]);
        if (!user) return false;
        const locale = userLocale(user);
        const question = await this.questionFor(tx, userId, locale);
        // One tap opens the interview on that question: a bank question travels in the link; a family
        // one needs not (the biographer asks the family's waiting question first anyway).
        const link = question.bankId
          ? `${this.config.publicUrl}/?action=new-chapter&question=${encodeURIComponent(question.bankId)}`
          : `${this.config.publicUrl}/?action=new-chapter`;
        if (rhythm.byEmail)
          await this.mail.send(
            locale,
            user.email,
            {
              kind: 'story_rhythm',
              name: user.fullName,
              question: question.text,
              asker: question.asker,
              link,
              unsubscribe: this.unsubscribeUrl(userId),
            },
            { within: tx },
          );
        if (rhythm.byPush)
          await this.notify(
            tx,
            userId,
            {
              title: question.asker
                ? locale === 'fr'
                  ? `${question.asker} vous demande`
                  : `${question.asker} asks you`
                : locale === 'fr'
                  ? 'Votre question de la semaine'
                  : 'Your question of the week',
              body: question.text,
              url: link,
            },
            RHYTHM_TTL_SECONDS,
          );
        await this.repository.markRhythmSent(tx, userId, now);
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  }

  /**
   * Her family's first waiting question, else the first opening question of the bank not asked yet (then
   * with its id, for the link that opens the chapter on it).
   */
  private async questionFor(
    tx: Db,
    userId: string,
    locale: Locale,
  ): Promise<{ text: string; asker: string | null; bankId: string | null }> {
    const family = await firstWaitingQuestion(tx, userId);
    if (family) {
      const asker =
        family.askerName.trim() ||
        family.relation?.trim() ||
        (locale === 'fr' ? 'Quelqu’un de votre famille' : 'Someone in your family');
      return { text: family.text, asker, bankId: null };
    }
    const bank = getBank(locale);
    const asked = await this.repository.askedQuestionIds(tx, userId);
    const openings = bank.filter((q) => q.depth === 'opening');
    const chosen = openings.find((q) => !asked.has(q.id)) ?? openings[0] ?? bank[0];
    return { text: applyRegister(chosen.text, 'vous'), asker: null, bankId: chosen.id };
  }

  // ---------------------------------------------------------------- the news of the circle

  /** Sends the news due at `now` to every member; how many members got some. */
  async runNews(now: Date): Promise<number> {
    let sent = 0;
    for (const memberRowId of await this.repository.membersWithNews()) {
      const done = await this.queue.transaction(async (tx) => {
        const member = await this.repository.lockMember(tx, memberRowId);
        if (!member?.memberId || !member.acceptedAt || member.notify === 'never') return false;
        const since = member.lastNewsAt ?? member.acceptedAt;
        if (member.notify === 'weekly' && now.getTime() - since.getTime() < 7 * DAY) return false;
        const releases = await this.repository.releasesSince(tx, member.ownerId, since);
        if (releases.length === 0) return false;
        const people = await this.repository.usersByIds(tx, [member.memberId, member.ownerId]);
        const reader = people.find((p) => p.id === member.memberId);
        const owner = people.find((p) => p.id === member.ownerId);
        if (!reader || !owner) return false;
        const locale = userLocale(reader);
        const chapters = releases.map((r) => ({
          title: r.title?.trim() || null,
          excerpt: excerpt(r.text ?? ''),
          link: `${this.config.publicUrl}/circles/${member.ownerId}/chapters/${r.id}`,
        }));
        await this.mail.send(
          locale,
          reader.email,
          { kind: 'circle_news', name: reader.fullName, storyteller: owner.fullName, chapters },
          { within: tx },
        );
        const who = owner.fullName.trim() || (locale === 'fr' ? 'Votre proche' : 'Your relative');
        const untitled = locale === 'fr' ? 'Un nouveau chapitre' : 'A new chapter';
        await this.notify(
          tx,
          member.memberId,
          chapters.length === 1
            ? {
                title: locale === 'fr' ? `${who} a partagé un chapitre` : `${who} shared a chapter`,
                body: chapters[0].title ?? untitled,
                url: chapters[0].link,
              }
            : {
                title:
                  locale === 'fr'
                    ? `${who} a partagé ${chapters.length} chapitres`
                    : `${who} shared ${chapters.length} chapters`,
                body: chapters.map((c) => c.title ?? untitled).join(' · '),
                url: `${this.config.publicUrl}/circles/${member.ownerId}`,
              },
          NEWS_TTL_SECONDS,
        );
        // The newest release sent, if the clock is behind it: the next run starts after it.
        const newest = releases[releases.length - 1].releasedAt;
        await this.repository.markNewsSent(tx, member.id, newest > now ? newest : now);
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  }

  // ---------------------------------------------------------------- the timers

  /**
   * Queues the two recurring jobs: news every 10 minutes, the rhythm every hour (and both a minute after
   * start). Called by the processes that work jobs; several of them only make a run happen twice, which
   * sends nothing twice.
   */
  startSchedules(): { stop(): void } {
    const timers: NodeJS.Timeout[] = [];
    const every = (name: string, ms: number) => {
      const tick = () =>
        void this.queue
          .send(name, {})
          .catch((error: unknown) => console.error(`[${name}] not queued`, error));
      timers.push(setTimeout(tick, MINUTE), setInterval(tick, ms));
    };
    every(NEWS_JOB, NEWS_EVERY_MS);
    every(RHYTHM_JOB, RHYTHM_EVERY_MS);
    for (const timer of timers) timer.unref();
    return {
      stop: () => {
        for (const timer of timers) clearTimeout(timer);
      },
    };
  }
}

function invalidSubscription(...loc: string[]): AppError {
  return new AppError('invalid_push_subscription', {}, { loc: ['body', ...loc] });
}

/** The first lines of a chapter: about 300 characters, cut between words, without markdown marks. */
export function excerpt(text: string): string {
  const plain = text
    .replace(/^#+\s*/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= EXCERPT_LENGTH) return plain;
  const cut = plain.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** ISO weekday (1 Monday … 7 Sunday) and hour in Paris at `now`. */
export function parisClock(now: Date): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    weekday: 'short',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const day = parts.find((p) => p.type === 'weekday')!.value;
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  return { weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 1, hour };
}
