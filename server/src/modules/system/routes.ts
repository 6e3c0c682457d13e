// Service endpoints: health, readiness, the public configuration and, with the outbox, the mailbox.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { listOutbox } from '../mail/repository.ts';

export interface PublicFeatures {
  interviewer: string;
  writer: string;
  voice: string;
  illustrations: string;
}

export function publicConfig(config: Config, features: PublicFeatures) {
  return {
    payment_provider: config.stripe.secretKey ? 'stripe' : 'demo',
    mail_transport: config.mail.transport,
    support_email: config.supportEmail,
    terms_version: config.termsVersion,
    limits: {
      free_chapters: config.freeChapters,
      images_per_chapter: 5,
      book_min_chapters: 4,
      book_max_chapters: 10,
      message_max_length: 5000,
      summary_comment_max_length: 500,
      onboarding_answer_max_length: 255,
      image_max_bytes: 15 * 1024 * 1024,
    },
    features,
  };
}

export function healthRoutes(database: Database, isReady: () => boolean) {
  return async function (app: FastifyInstance) {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      if (!isReady()) return reply.code(503).send({ status: 'starting' });
      try {
        await database.ping();
      } catch {
        return reply.code(503).send({ status: 'database unreachable' });
      }
      return { status: 'ready' };
    });
  };
}

export function configRoutes(config: Config, features: PublicFeatures) {
  return async function (app: FastifyInstance) {
    app.get('/config', { schema: { tags: ['system'] } }, async () =>
      publicConfig(config, features),
    );
  };
}

const MailboxQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 254 })),
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

export function mailboxApiRoutes(database: Database) {
  return async function (app: FastifyInstance) {
    app.get(
      '/dev/mailbox',
      { schema: { tags: ['dev'], querystring: MailboxQuery } },
      async (request) => {
        const {
          to,
          skip = 0,
          limit = 50,
        } = request.query as { to?: string; skip?: number; limit?: number };
        const { rows, count } = await listOutbox(database.db, { to, skip, limit });
        return {
          data: rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            created_at: m.createdAt.toISOString(),
          })),
          count,
        };
      },
    );
  };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A readable page of the kept mails, with their links clickable, for trying the product locally. */
export function mailboxPageRoutes(database: Database) {
  return async function (app: FastifyInstance) {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const { rows } = await listOutbox(database.db, { limit: 100, skip: 0 });
      const items = rows
        .map((m) => {
          const text = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
          return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">À : ${escapeHtml(m.to)} — ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</p><pre>${text}</pre></article>`;
        })
        .join('\n');
      const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Boîte aux lettres — Chapitres</title>
<style>body{font-family:system-ui,sans-serif;font-size:19px;line-height:1.5;margin:0;background:#fbf7f0;color:#2b211b}main{max-width:52rem;margin:0 auto;padding:1.5rem}h1{color:#7a2e1f}article{background:#fff;border:1px solid #c9b8a6;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{margin:.2rem 0;font-size:1.2rem}.meta{color:#4a3f36;font-size:.95rem;margin:.2rem 0 .8rem}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#7a2e1f;word-break:break-all}</style></head>
<body><main><h1>Boîte aux lettres de développement</h1><p>Les messages ne sont pas envoyés : ils sont gardés ici (MAIL_TRANSPORT=outbox). Les plus récents d’abord.</p>
${items || '<p>Aucun message pour le moment.</p>'}</main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
    });
  };
}
