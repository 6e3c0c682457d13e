// Builds the whole server: external plugins, then app plugins (errors, auth), then each module's
// routes, then the built app. One place shows the start-up order.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Config } from './config.ts';
import { registerErrorHandling } from './errors.ts';
import type { Database } from './db/client.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { registerAuthentication } from './auth/plugin.ts';
import { TokenSigner } from './auth/tokens.ts';
import { AccountsRepository } from './modules/accounts/repository.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { MailService } from './modules/mail/service.ts';
import {
  configRoutes,
  healthRoutes,
  mailboxApiRoutes,
  mailboxPageRoutes,
  type PublicFeatures,
} from './modules/system/routes.ts';
import { createMailTransport } from './providers/mail/index.ts';
import type { MailTransport } from './providers/mail/types.ts';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  database: Database;
  mailTransport?: MailTransport;
  logger?: boolean | object;
}

export interface AppServices {
  config: Config;
  database: Database;
  queue: JobQueue;
  accounts: AccountsService;
  mail: MailService;
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  },
};

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  // JSON bodies are typed strictly (42 is not a name); query strings and paths are text and get coerced.
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
  const bodyAjv = addFormats(
    new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: false, strict: false }),
  );
  const partAjv = addFormats(
    new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, strict: false }),
  );
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : partAjv).compile(schema),
  );

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Chapitres API',
        version: '1.0.0',
        description: 'The API of Chapitres. Errors answer {detail: [{type, msg, loc?}]}.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // App plugins.
  const { database } = deps;
  const queue = createJobQueue(database);
  const mail = new MailService(
    queue,
    deps.mailTransport ?? createMailTransport(config, database.db),
  );
  const limiter = new RateLimiter(
    config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore(),
    config.rateLimitMultiplier,
  );
  const accounts = new AccountsService(
    new AccountsRepository(database.db),
    new TokenSigner(config.jwtSecret, config.tokenTtlDays),
    mail,
    config,
  );
  app.decorate('services', { config, database, queue, accounts, mail, limiter });
  registerAuthentication(app, accounts);

  const appDir =
    config.serveApp && existsSync(join(config.appDir, 'index.html')) ? config.appDir : null;
  registerErrorHandling(app, { fallback: appDir ? spaFallback : undefined });

  // Modules.
  const features: PublicFeatures = {
    interviewer: 'embedded',
    writer: 'embedded',
    voice: 'embedded',
    illustrations: 'embedded',
  };
  await app.register(healthRoutes(database, () => ready));
  await app.register(configRoutes(config, features), { prefix: API_PREFIX });
  await app.register(accountsRoutes(accounts, limiter), { prefix: API_PREFIX });
  if (config.mail.transport === 'outbox') {
    await app.register(mailboxApiRoutes(database), { prefix: API_PREFIX });
    await app.register(mailboxPageRoutes(database));
  }

  // The built app, with history fallback; the service worker and the page are never cached stale.
  if (appDir) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        if (/[\\/]assets[\\/]/.test(path))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
    app.get('/', (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
  } else if (config.serveApp) {
    app.log.warn(
      `The built app was not found in ${config.appDir}: run \`npm run build\` at the repository root (the API works without it).`,
    );
  }

  let ready = false;
  app.addHook('onReady', async () => {
    await queue.start();
    ready = true;
  });
  app.addHook('onClose', async () => {
    ready = false;
    await queue.stop();
    await limiter.close();
  });
  return app;
}

function spaFallback(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const isPage =
    request.method === 'GET' &&
    !path.startsWith('/api/') &&
    !path.startsWith('/dev/') &&
    !/\.[a-z0-9]+$/i.test(path);
  const wantsHtml = (request.headers.accept ?? '').includes('text/html');
  if (!isPage || !wantsHtml) return null;
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
