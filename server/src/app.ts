// Builds the whole server: external plugins, then app plugins (errors, auth), then each module's
// routes, then the built app. One place shows the start-up order.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Config } from './config.ts';
import { registerErrorHandling, replyWithError } from './errors.ts';
import { parseFormStrictly, registerInputHygiene } from './input.ts';
import { httpTimeouts, registerRequestDeadline, timedServerFactory } from './http-timeouts.ts';
import { registerPrivateAnswers } from './private-answers.ts';
import type { Database } from './db/client.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { registerAuthentication } from './auth/plugin.ts';
import { TokenSigner } from './auth/tokens.ts';
import { AccountsRepository } from './modules/accounts/repository.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { eraseTraces } from './modules/accounts/erasure.ts';
import { MailService } from './modules/mail/service.ts';
import {
  appMissingPage,
  configRoutes,
  healthRoutes,
  mailboxApiRoutes,
  mailboxPageRoutes,
  publicFeatures,
} from './modules/system/routes.ts';
import type { PublicFeatures } from './contract/system.ts';
import { createMailTransport } from './providers/mail/index.ts';
import type { MailTransport } from './providers/mail/types.ts';
import { RateLimits } from './rate-limit.ts';
import { createInterviewer } from './providers/interviewer/index.ts';
import type { Interviewer } from './providers/interviewer/types.ts';
import { createVoiceProvider } from './providers/voice/index.ts';
import type { VoiceProvider } from './providers/voice/types.ts';
import { createStorage } from './providers/storage/index.ts';
import { fileRoutes } from './providers/storage/routes.ts';
import { UrlSigner } from './providers/storage/signing.ts';
import { s3BrowserOrigin } from './providers/storage/s3.ts';
import { registerAddressChecks } from './deployment.ts';
import type { StorageProvider } from './providers/storage/types.ts';
import { OnboardingRepository } from './modules/onboarding/repository.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { OnboardingService } from './modules/onboarding/service.ts';
import { ConversationsRepository } from './modules/conversations/repository.ts';
import { conversationsRoutes } from './modules/conversations/routes.ts';
import { ConversationsService } from './modules/conversations/service.ts';
import { ChatRepository } from './modules/chat/repository.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { ChatService } from './modules/chat/service.ts';
import { ImagesRepository } from './modules/images/repository.ts';
import { imagesRoutes } from './modules/images/routes.ts';
import { ImagesService } from './modules/images/service.ts';
import { generationRoutes } from './modules/generation/routes.ts';
import { GenerationService } from './modules/generation/service.ts';
import { createWriter } from './providers/writer/index.ts';
import type { Writer } from './providers/writer/types.ts';
import { createIllustrator } from './providers/illustrator/index.ts';
import type { Illustrator } from './providers/illustrator/types.ts';
import { BooksRepository } from './modules/books/repository.ts';
import { booksRoutes } from './modules/books/routes.ts';
import { BooksService } from './modules/books/service.ts';
import { Typesetter } from './modules/books/typesetter.ts';
import { PremiumRepository } from './modules/premium/repository.ts';
import { premiumRoutes } from './modules/premium/routes.ts';
import { PremiumService } from './modules/premium/service.ts';
import { createPaymentProvider } from './providers/payment/index.ts';
import type { PaymentProvider } from './providers/payment/types.ts';
import { createPrintProvider } from './providers/print/index.ts';
import { SharingService } from './modules/sharing/service.ts';
import { sharingApiRoutes, sharingPageRoutes } from './modules/sharing/routes.ts';
import { CircleBooksRepository } from './modules/circle-books/repository.ts';
import { circleBooksRoutes } from './modules/circle-books/routes.ts';
import { CircleBooksService } from './modules/circle-books/service.ts';
import { CircleContributionsRepository } from './modules/circle-contributions/repository.ts';
import { circleContributionsRoutes } from './modules/circle-contributions/routes.ts';
import { CircleContributionsService } from './modules/circle-contributions/service.ts';
import { CircleAccess } from './modules/circle/access.ts';
import { CircleRepository } from './modules/circle/repository.ts';
import { circleRoutes } from './modules/circle/routes.ts';
import { CircleService } from './modules/circle/service.ts';
import { CircleNewsRepository } from './modules/circle-news/repository.ts';
import { circleNewsRoutes, rhythmUnsubscribeRoutes } from './modules/circle-news/routes.ts';
import { CircleNewsService } from './modules/circle-news/service.ts';
import { WebPushSender } from './providers/push/web-push.ts';
import { ListeningService } from './modules/listening/service.ts';
import { listeningApiRoutes, listeningPageRoutes } from './modules/listening/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { AnalyticsService } from './modules/analytics/service.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { DataExportService } from './modules/data-export/service.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { RecordingsRepository } from './modules/recordings/repository.ts';
import { recordingsRoutes } from './modules/recordings/routes.ts';
import { RecordingsService } from './modules/recordings/service.ts';
import { createTranscriber } from './providers/transcriber/index.ts';
import type { Transcriber } from './providers/transcriber/types.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  database: Database;
  mailTransport?: MailTransport;
  /** How failed mail deliveries are retried (default: 8 times, backing off from 10 s). */
  mailRetry?: { retryLimit: number; retryDelaySeconds: number };
  logger?: boolean | object;
  /** What /api/v1/config announces; by default derived from config (a model server set or not). */
  features?: PublicFeatures;
  /** Providers built by the caller (tests, bench) instead of from config; the caller closes them. */
  interviewer?: Interviewer;
  voice?: VoiceProvider;
  storage?: StorageProvider;
  writer?: Writer;
  illustrator?: Illustrator;
  typesetter?: Typesetter;
  payment?: PaymentProvider;
  /** Speech-to-text; null: none, whatever the config says. */
  transcriber?: Transcriber | null;
  /** The account's room for recordings (tests make it small). */
  recordingsMaxBytesPerAccount?: number;
}

export interface AppServices {
  config: Config;
  database: Database;
  queue: JobQueue;
  accounts: AccountsService;
  mail: MailService;
  rateLimits: RateLimits;
  storage: StorageProvider;
  onboarding: OnboardingService;
  conversations: ConversationsService;
  chat: ChatService;
  images: ImagesService;
  generation: GenerationService;
  premium: PremiumService;
  books: BooksService;
  sharing: SharingService;
  circle: CircleService;
  circleNews: CircleNewsService;
  circleContributions: CircleContributionsService;
  listening: ListeningService;
  analytics: AnalyticsService;
  dataExport: DataExportService;
  recordings: RecordingsService;
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
  const timeouts = httpTimeouts(config.requestTimeoutSeconds);
  const app = Fastify({
    // Half a body does not hold a socket: see http-timeouts.ts.
    serverFactory: timedServerFactory(timeouts),
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Only behind a proxy we were told about: otherwise anyone could pick their IP (and rate-limit key)
    // with X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    // An email is a path parameter of password recovery and may be up to 254 characters.
    routerOptions: { maxParamLength: 320 },
    // Errors raised before routing (a malformed URL) get the same shape and language as the rest.
    frameworkErrors: replyWithError,
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
  // The app may send analytics (with consent) to a PostHog-compatible host: the only other origin it talks to.
  const analyticsOrigin =
    config.analytics.provider === 'posthog' && config.analytics.posthogHost
      ? [new URL(config.analytics.posthogHost).origin]
      : [];
  // Disk files are same-origin paths; S3 files are presigned URLs on the bucket's origin, which pictures,
  // voice and the book preview (fetched) must be allowed to load from.
  const filesOrigin =
    config.storage.kind === 's3' && config.storage.s3.bucket
      ? [s3BrowserOrigin({ ...config.storage.s3, bucket: config.storage.s3.bucket })]
      : [];
  const appDir =
    config.serveApp && existsSync(join(config.appDir, 'index.html')) ? config.appDir : null;
  const { directives } = contentSecurityPolicy;
  // Helmet's middleware built once (@fastify/helmet built it again for every request, parsing the CSP
  // each time: a tenth of the CPU of GET /users/me).
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        ...directives,
        // The page's own inline script (its early reads), allowed by its hash and nothing else inline.
        scriptSrc: [...directives.scriptSrc, ...(appDir ? inlineScriptHashes(appDir) : [])],
        imgSrc: [...directives.imgSrc, ...filesOrigin],
        mediaSrc: [...directives.mediaSrc, ...filesOrigin],
        connectSrc: [...directives.connectSrc, ...analyticsOrigin, ...filesOrigin],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (error) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  registerAddressChecks(app, config);
  await app.register(formbody, { bodyLimit: 64 * 1024, parser: parseFormStrictly });
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
  const rateLimits = await RateLimits.register(app, {
    redisUrl: config.redisUrl,
    multiplier: config.rateLimitMultiplier,
  });

  // App plugins.
  const { database } = deps;
  const queue = createJobQueue(database, {
    maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
  });
  const mailTransport = deps.mailTransport ?? createMailTransport(config, database.db);
  const mail = new MailService(queue, mailTransport, deps.mailRetry);
  const accounts = new AccountsService(
    new AccountsRepository(database.db),
    new TokenSigner(config.jwtSecret, config.tokenTtlDays),
    mail,
    config,
  );
  const interviewer =
    deps.interviewer ??
    createInterviewer({
      openaiApiKey: config.openai.apiKey ?? undefined,
      openaiBaseUrl: config.openai.baseUrl ?? undefined,
      openaiModel: config.openai.model,
    });
  const voice =
    deps.voice ??
    createVoiceProvider({
      openaiApiKey: config.openai.apiKey ?? undefined,
      openaiBaseUrl: config.openai.baseUrl ?? undefined,
      ttsModel: config.openai.ttsModel ?? undefined,
      ttsVoice: config.openai.ttsVoice ?? undefined,
    });
  const fileSigner = new UrlSigner(config.jwtSecret);
  const storage =
    deps.storage ??
    createStorage({
      kind: config.storage.kind,
      dataDir: config.dataDir,
      signer: fileSigner,
      s3: config.storage.s3,
    });
  const onboarding = new OnboardingService(new OnboardingRepository(database.db));
  const conversationsRepository = new ConversationsRepository(database.db);
  const chat = new ChatService(
    new ChatRepository(database.db),
    conversationsRepository,
    onboarding,
    interviewer,
    voice,
    storage,
  );
  const conversations = new ConversationsService(conversationsRepository, chat, config);
  const images = new ImagesService(new ImagesRepository(database.db), storage);
  const writer =
    deps.writer ??
    createWriter({
      openaiApiKey: config.openai.apiKey ?? undefined,
      openaiBaseUrl: config.openai.baseUrl ?? undefined,
      openaiModel: config.openai.model,
    });
  const illustrator =
    deps.illustrator ??
    createIllustrator({
      openaiApiKey: config.openai.apiKey,
      openaiBaseUrl: config.openai.baseUrl,
      openaiImageModel: config.openai.imageModel,
    });
  const generation = new GenerationService(
    conversations,
    conversationsRepository,
    new ChatRepository(database.db),
    onboarding,
    images,
    writer,
    illustrator,
  );
  const typesetter = deps.typesetter ?? new Typesetter();
  const books = new BooksService(
    new BooksRepository(database.db),
    conversations,
    images,
    accounts,
    writer,
    storage,
    queue,
    typesetter,
    mail,
    config,
  );
  const premium = new PremiumService(
    new PremiumRepository(database.db),
    deps.payment ?? createPaymentProvider(config),
    createPrintProvider(),
    accounts,
    books,
    storage,
    mail,
    config,
  );
  conversations.setFullAccessCheck((userId) => premium.hasFullAccess(userId));
  const analytics = new AnalyticsService(database.db);
  const recordings = new RecordingsService(
    new RecordingsRepository(database.db),
    storage,
    deps.transcriber !== undefined ? deps.transcriber : createTranscriber(config),
    { maxAccountBytes: deps.recordingsMaxBytesPerAccount },
  );
  chat.setRecordingSource((ids) => recordings.recordingsOf(ids));
  const sharing = new SharingService(
    database.db,
    conversations,
    images,
    storage,
    recordings,
    config,
  );
  const circle = new CircleService(
    new CircleRepository(database.db),
    new CircleAccess(database.db),
    accounts,
    conversations,
    storage,
    mail,
    config,
  );
  // What the family circle gives (issue 31): its questions open her chapters (through the chat).
  const circleContributions = new CircleContributionsService(
    database.db,
    new CircleContributionsRepository(database.db),
    images,
    mail,
    queue,
    config,
  );
  chat.setFamilyQuestions(circleContributions);
  // A contributor she allows prepares her book (issue 31): the book stays hers.
  const circleBooks = new CircleBooksService(
    database.db,
    new CircleBooksRepository(database.db),
    books,
    conversations,
    accounts,
    storage,
    mail,
    config,
  );
  // A chapter released: whoever asked its question gets the link (once).
  circle.onChapterReleased((ownerId, id) => circleContributions.chapterReleased(ownerId, id));
  // The news of released chapters to the circle, and her weekly question (mail and Web Push).
  const circleNews = new CircleNewsService(
    new CircleNewsRepository(database.db),
    queue,
    mail,
    new WebPushSender({
      subject: config.push.subject,
      publicKey: config.push.vapidPublicKey,
      privateKey: config.push.vapidPrivateKey,
    }),
    config,
  );
  const listening = new ListeningService(database.db, conversations, storage, recordings, config);
  books.setVoiceCodes(listening);
  // Words of the family she marked « Imprimer dans le livre » close their chapter (issue 31).
  books.setFamilyWords(new CircleContributionsRepository(database.db));
  const dataExport = new DataExportService(
    database.db,
    queue,
    storage,
    accounts,
    conversations,
    new ChatRepository(database.db),
    images,
    onboarding,
    books,
    mail,
    config,
    recordings,
  );
  images.setGenerator((user, id) => generation.picture(user, id));
  dataExport.setCircleText((user) => circle.exportText(user));
  conversations.setImageSource(
    (ids) => images.imagesOf(ids),
    () => images.urlPeriod(),
  );
  conversations.onChapterDeleted((userId, id) => images.deleteChapterFiles(userId, id));
  // Account deletion, in this order (issue 28): the subscription is stopped with the provider first (a
  // provider out of reach stops the deletion before anything changed), then what the operator keeps is
  // detached (orders' files leave the person's folder), then the person's data and files go, and last
  // the traces in mails, jobs and analytics.
  accounts.onUserDeleted((userId) => premium.cancelForDeletion(userId));
  accounts.onUserDeleted((userId) => premium.detachForDeletion(userId));
  // A member's pending suggested photos live in the storyteller's folder: their files go with the member.
  accounts.onUserDeleted((userId) => circleContributions.deleteAllOf(userId));
  accounts.onUserDeleted((userId) => conversations.deleteAllOf(userId));
  accounts.onUserDeleted((userId) => onboarding.deleteAllOf(userId));
  accounts.onUserDeleted((_userId, user) => eraseTraces(database.db, queue, user));
  // The seeded questions are written at every start: editing the seed edits what is served.
  await onboarding.seed();
  app.decorate('services', {
    config,
    database,
    queue,
    accounts,
    mail,
    rateLimits,
    storage,
    onboarding,
    conversations,
    chat,
    images,
    generation,
    premium,
    books,
    sharing,
    circle,
    circleNews,
    circleContributions,
    listening,
    analytics,
    dataExport,
    recordings,
  });
  registerInputHygiene(app);
  registerRequestDeadline(app, timeouts);
  registerPrivateAnswers(app, API_PREFIX);
  registerAuthentication(app, accounts);

  registerErrorHandling(app, {
    fallback: appDir
      ? spaFallback
      : config.serveApp
        ? (request, reply) => appMissing(config.appDir, request, reply)
        : undefined,
  });

  // Modules.
  // Transcription is announced as the recordings module has it (a test may give or withhold a transcriber).
  const features = deps.features ?? {
    ...publicFeatures(config),
    transcription: recordings.transcriptionAvailable ? ('openai' as const) : ('none' as const),
  };
  await app.register(healthRoutes(database, () => ready));
  await app.register(configRoutes(config, features), { prefix: API_PREFIX });
  await app.register(accountsRoutes(accounts, rateLimits), { prefix: API_PREFIX });
  if (config.mail.transport === 'outbox') {
    await app.register(mailboxApiRoutes(database), { prefix: API_PREFIX });
    await app.register(mailboxPageRoutes(database));
  }
  await app.register(onboardingRoutes(onboarding), { prefix: API_PREFIX });
  await app.register(conversationsRoutes(conversations), { prefix: API_PREFIX });
  await app.register(chatRoutes(chat), { prefix: API_PREFIX });
  await app.register(imagesRoutes(images), { prefix: API_PREFIX });
  await app.register(generationRoutes(generation), { prefix: API_PREFIX });
  await app.register(premiumRoutes(premium, rateLimits), { prefix: API_PREFIX });
  await app.register(booksRoutes(books), { prefix: API_PREFIX });
  await app.register(sharingApiRoutes(sharing), { prefix: API_PREFIX });
  await app.register(sharingPageRoutes(sharing, config.publicUrl));
  await app.register(circleContributionsRoutes(circleContributions, rateLimits), {
    prefix: API_PREFIX,
  });
  await app.register(circleRoutes(circle, rateLimits), { prefix: API_PREFIX });
  await app.register(circleBooksRoutes(circleBooks), { prefix: API_PREFIX });
  await app.register(circleNewsRoutes(circleNews), { prefix: API_PREFIX });
  await app.register(rhythmUnsubscribeRoutes(circleNews, config.publicUrl), { prefix: API_PREFIX });
  await app.register(listeningApiRoutes(listening), { prefix: API_PREFIX });
  await app.register(listeningPageRoutes(listening, config.publicUrl));
  await app.register(supportRoutes(mail, rateLimits, config), { prefix: API_PREFIX });
  await app.register(analyticsRoutes(analytics, accounts, rateLimits), { prefix: API_PREFIX });
  await app.register(dataExportRoutes(dataExport), { prefix: API_PREFIX });
  await app.register(recordingsRoutes(recordings, rateLimits), { prefix: API_PREFIX });
  if (storage.kind === 'disk') await app.register(fileRoutes(storage, fileSigner));

  // The built app, with history fallback; the service worker and the page are never cached stale.
  if (appDir) {
    // Hashed scripts and styles are not documents: the page's policies (CSP, framing, opener…) mean
    // nothing on them, and on a phone over HTTP/1.1 their 1.2 kB were sent again with each of the
    // first screen's files. nosniff and the resource policy stay.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/'))
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return payload;
    });
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: true,
      index: false,
      preCompressed: true,
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
    // After the workers: a mail being delivered finishes first.
    if (!deps.mailTransport) await mailTransport.close();
    if (!deps.voice) await voice.close();
    if (!deps.storage) await storage.close();
    if (!deps.typesetter) await typesetter.close();
  });
  return app;
}

/** CSP sources for the inline scripts of the built page (`'sha256-…'`, one per script). */
export function inlineScriptHashes(appDir: string): string[] {
  const page = readFileSync(join(appDir, 'index.html'), 'utf8');
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`,
  );
}

/** Security headers that only documents and workers read (see the static assets above). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Fastify's runtime takes a hop count but its types do not: the same rule as a function. */
function trustProxyOption(value: Config['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** A browser asking for a page of the app (not the API, the mailbox or a file). */
function isAppPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  return (
    request.method === 'GET' &&
    !path.startsWith('/api/') &&
    !path.startsWith('/dev/') &&
    !path.startsWith('/s/') &&
    !path.startsWith('/l/') &&
    !/\.[a-z0-9]+$/i.test(path) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

function spaFallback(request: FastifyRequest, reply: FastifyReply) {
  if (!isAppPage(request)) return null;
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}

/** Without a build, a page request says how to make one instead of a bare 404. */
function appMissing(appDir: string, request: FastifyRequest, reply: FastifyReply) {
  if (!isAppPage(request)) return null;
  return reply
    .code(503)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(appMissingPage(appDir));
}
