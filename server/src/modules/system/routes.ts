// Service endpoints: health, readiness, the public configuration and, with the outbox, the mailbox.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import { ListOf, Pagination } from '../../contract/common.ts';
import { PublicConfig, type PublicFeatures } from '../../contract/system.ts';
import { limits } from '../../limits.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import { listOutbox } from '../mail/repository.ts';
import { AppError } from '../../errors.ts';
import { mailboxKey, mayReadMailbox } from './mailbox-access.ts';
import { transcriberSettings } from '../../providers/transcriber/index.ts';
import { escapeHtml } from '../../html.ts';

/** What the providers pick from the same config: a model server when one is set, else built-in. */
export function publicFeatures(config: Config): PublicFeatures {
  const remote = Boolean(config.openai.apiKey || config.openai.baseUrl);
  return {
    interviewer: remote ? 'openai' : 'embedded',
    writer: remote ? 'openai' : 'embedded',
    voice: remote ? 'openai' : 'embedded',
    illustrations: remote && config.openai.imageModel ? 'openai' : 'embedded',
    transcription: transcriberSettings(config) ? 'openai' : 'none',
  };
}

export function publicConfig(config: Config, features: PublicFeatures): PublicConfig {
  return {
    payment_provider: config.payments,
    mail_transport: config.mail.transport,
    support_email: config.supportEmail,
    terms_version: config.termsVersion,
    limits: {
      free_chapters: config.freeChapters,
      images_per_chapter: limits.imagesPerChapter,
      book_min_chapters: limits.bookMinChapters,
      book_max_chapters: limits.bookMaxChapters,
      message_max_length: limits.messageMaxLength,
      summary_comment_max_length: limits.summaryCommentMaxLength,
      onboarding_answer_max_length: limits.onboardingAnswerMaxLength,
      image_max_bytes: limits.imageMaxBytes,
      recording_max_bytes: limits.recordingMaxBytes,
      recording_max_ms: limits.recordingMaxMs,
    },
    features,
    analytics: {
      provider: config.analytics.provider,
      posthog_host: config.analytics.provider === 'posthog' ? config.analytics.posthogHost : null,
      posthog_key: config.analytics.provider === 'posthog' ? config.analytics.posthogKey : null,
      session_recording:
        config.analytics.provider === 'posthog' && config.analytics.sessionRecording,
    },
  };
}

/** One answer per thing /readyz checked: `ok`, `not in this process`, or what is wrong. */
export interface Readiness {
  status: 'ready' | 'starting' | 'not ready';
  checks: { database: string; queue: string; storage?: string };
}

const CHECK_TIMEOUT_MS = 3000;

/** Runs `check` and names its failure; a check that hangs fails after CHECK_TIMEOUT_MS. */
async function outcome(check: () => Promise<unknown>, failure: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    return `${failure}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What /readyz answers in every role (the API's route, the worker's health port): the database
 * answers, the job queue is started (`not in this process` when jobs are worked elsewhere), and the
 * storage answers when this process has one. Ready only when every check is ok.
 */
export async function readiness(parts: {
  database: Pick<Database, 'ping'>;
  queue: Pick<JobQueue, 'state'>;
  storage?: Pick<StorageProvider, 'has'>;
}): Promise<Readiness> {
  const state = parts.queue.state();
  const checks: Readiness['checks'] = {
    database: await outcome(() => parts.database.ping(), 'unreachable'),
    queue: state === 'working' ? 'ok' : state === 'sending' ? 'not in this process' : 'starting',
  };
  if (parts.storage) {
    const storage = parts.storage;
    checks.storage = await outcome(() => storage.has('readyz-probe'), 'unreachable');
  }
  if (state === 'stopped') return { status: 'starting', checks };
  const failing = Object.values(checks).some(
    (check) => check !== 'ok' && check !== 'not in this process',
  );
  return { status: failing ? 'not ready' : 'ready', checks };
}

export function healthRoutes(database: Database, isReady: () => boolean) {
  return async function (app: FastifyInstance) {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const { queue, storage } = app.services;
      const answer = await readiness({ database, queue, storage });
      // The queue is started by the app's onReady hook: until then the process is starting.
      if (!isReady() && answer.status === 'ready') answer.status = 'starting';
      if (answer.status !== 'ready') return reply.code(503).send(answer);
      return answer;
    });
  };
}

export function configRoutes(config: Config, features: PublicFeatures) {
  return async function (app: FastifyInstance) {
    app.get(
      '/config',
      { schema: { tags: ['system'], response: { 200: PublicConfig } } },
      async () => publicConfig(config, features),
    );
  };
}

/** `key`: the operator's key (mailbox-access.ts), checked before validation. */
const MailboxKey = Type.Optional(Type.String({ maxLength: 100 }));
const MailboxQuery = Type.Composite([
  Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })), key: MailboxKey }),
  Pagination,
]);
const MailboxMessage = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  /** Extra headers (List-Unsubscribe…); absent when the message had none. */
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  created_at: Type.String({ format: 'date-time' }),
});

/** The outbox holds password-reset links: only this machine directly, or the operator's key (mailbox-access.ts). */
function onlyForTheOperator(key: string) {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    if (!mayReadMailbox(request, key)) throw new AppError('not_found');
    void reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  };
}

export function mailboxApiRoutes(database: Database) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', onlyForTheOperator(mailboxKey(app.services.config.jwtSecret)));
    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          querystring: MailboxQuery,
          response: { 200: ListOf(MailboxMessage) },
        },
      },
      async (request) => {
        const {
          to,
          skip = 0,
          limit = 100,
        } = request.query as { to?: string; skip?: number; limit?: number };
        const { rows, count } = await listOutbox(database.db, { to, skip, limit });
        return {
          data: rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            ...(m.headers ? { headers: m.headers } : {}),
            created_at: m.createdAt.toISOString(),
          })),
          count,
        };
      },
    );
  };
}

/** Served for app pages when the app was not built, so `npm run start --workspace server` alone explains itself. */
export function appMissingPage(appDir: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Chapitres — application non construite</title>
<style>body{font-family:system-ui,sans-serif;font-size:19px;line-height:1.5;margin:0;background:#fbf7f0;color:#2b211b}main{max-width:44rem;margin:0 auto;padding:1.5rem}h1{color:#7a2e1f}code{background:#fff;border:1px solid #c9b8a6;border-radius:6px;padding:.1rem .35rem}</style></head>
<body><main><h1>L’application n’est pas construite</h1><p>Le serveur et l’API fonctionnent, mais l’application web n’a pas été trouvée dans <code>${escapeHtml(appDir)}</code>.</p><p>À la racine du dépôt, lancez <code>npm start</code> (qui la construit), ou <code>npm run build</code> puis relancez le serveur.</p>
<hr><p lang="en">The web app was not built: run <code>npm start</code> at the repository root (it builds it), or <code>npm run build</code> and restart the server. The API is available under <code>/api/v1</code>.</p></main></body></html>`;
}

/** A readable page of the kept mails, with their links clickable, for trying the product locally. */
export function mailboxPageRoutes(database: Database) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', onlyForTheOperator(mailboxKey(app.services.config.jwtSecret)));
    app.get(
      '/dev/mailbox',
      {
        schema: {
          hide: true,
          querystring: Type.Object({
            to: Type.Optional(Type.String({ maxLength: 254 })),
            key: MailboxKey,
          }),
        },
      },
      async (request, reply) => {
        const { to, key: given } = request.query as { to?: string; key?: string };
        const { rows, count } = await listOutbox(database.db, {
          to: to?.trim() || undefined,
          limit: 100,
          skip: 0,
        });
        const items = rows
          .map((m) => {
            const text = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
            return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">À : ${escapeHtml(m.to)} — ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</p><pre>${text}</pre></article>`;
          })
          .join('\n');
        const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Boîte aux lettres — Chapitres</title>
<style>body{font-family:system-ui,sans-serif;font-size:19px;line-height:1.5;margin:0;background:#fbf7f0;color:#2b211b}main{max-width:52rem;margin:0 auto;padding:1.5rem}h1{color:#7a2e1f}article{background:#fff;border:1px solid #c9b8a6;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{margin:.2rem 0;font-size:1.2rem}.meta{color:#4a3f36;font-size:.95rem;margin:.2rem 0 .8rem}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#7a2e1f;word-break:break-all}</style></head>
<body><main><h1>Boîte aux lettres de développement</h1><p>Les messages ne sont pas envoyés : ils sont gardés ici (MAIL_TRANSPORT=outbox). Les plus récents d’abord.</p>
<form method="get">${given ? `<input type="hidden" name="key" value="${escapeHtml(given)}">` : ''}<label for="to">Destinataire</label> <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" style="font-size:inherit;padding:.4rem;min-height:44px"> <button style="font-size:inherit;min-height:44px;padding:0 1rem">Filtrer</button></form>
<p>${count} message${count > 1 ? 's' : ''}${count > rows.length ? ` (les ${rows.length} plus récents affichés)` : ''}.</p>
${items || '<p>Aucun message pour le moment.</p>'}</main></body></html>`;
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );
  };
}
