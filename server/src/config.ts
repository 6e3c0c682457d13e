// Reads and validates the environment once at start; everything else receives a typed Config.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createECDH, randomBytes } from 'node:crypto';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  role: Role;
  port: number;
  /** --role=worker: the port of its health check on 127.0.0.1 (worker-health.ts); null: none. */
  healthPort: number | null;
  /** MEMORY_LOG_SECONDS: log what the memory is made of this often (memory-report.ts); 0: never. */
  memoryLogSeconds: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was given, rather than the default for this machine alone. */
  publicUrlGiven: boolean;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  tokenTtlDays: number;
  mail: { transport: 'outbox' | 'smtp'; smtpUrl: string | null; from: string };
  supportEmail: string;
  /** Web Push (issue 31): the VAPID key pair (base64url) and the contact push services may use. */
  push: { vapidPublicKey: string; vapidPrivateKey: string; subject: string };
  redisUrl: string | null;
  termsVersion: number;
  freeChapters: number;
  logLevel: string;
  /** Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs of the proxies. */
  trustProxy: boolean | number | string;
  serveApp: boolean;
  appDir: string;
  rateLimitMultiplier: number;
  /** Backups made by the embedded server (schedule.ts); everyHours 0 switches them off. */
  backups: { dir: string; keep: number; everyHours: number };
  /** How long a job may run before the queue takes its worker for dead and retries it, and how often it looks. */
  jobs: { timeoutSeconds: number; maintenanceSeconds: number };
  /**
   * Seconds a request may take to arrive whole (headers and body) before its socket is closed;
   * uploads get more, their maximum size at a slow phone's speed (server.ts `httpTimeouts`).
   */
  requestTimeoutSeconds: number;
  storage: {
    kind: 'disk' | 's3';
    s3: {
      endpoint: string | null;
      bucket: string | null;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };
  };
  openai: {
    apiKey: string | null;
    baseUrl: string | null;
    model: string;
    imageModel: string | null;
    ttsModel: string | null;
    ttsVoice: string | null;
  };
  /**
   * Speech-to-text (issue 20): an OpenAI-compatible `/audio/transcriptions` server. TRANSCRIBE_BASE_URL or
   * TRANSCRIBE_API_KEY, else the OPENAI_* server like every other provider; neither: no transcription.
   */
  transcribe: { baseUrl: string | null; apiKey: string | null; model: string };
  stripe: { secretKey: string | null; webhookSecret: string | null; apiBase: string | null };
  /**
   * Payments (issue 28): Stripe when STRIPE_SECRET_KEY is set, else the built-in simulator (no real money);
   * PAYMENTS=off for a family server: no payments at all, every account has full access, no price shown.
   */
  payments: 'stripe' | 'demo' | 'off';
  /** Where the app sends analytics (with consent only): this server, or a PostHog-compatible service. */
  analytics: {
    provider: 'embedded' | 'posthog';
    posthogHost: string | null;
    posthogKey: string | null;
    sessionRecording: boolean;
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!allowed.includes(raw as T))
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw as T;
}

function url(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (got "${raw}")`);
  }
  return raw;
}

/** What secrets.json holds: the keys generated at first start, each unless given by the environment. */
interface StoredSecrets {
  jwtSecret?: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

function readSecrets(dataDir: string): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : {};
}

function writeSecrets(dataDir: string, secrets: StoredSecrets): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify(secrets, null, 2), { mode: 0o600 });
}

/** The JWT key: given, or generated once and kept beside the data so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string, given: string | null): string {
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return given;
  }
  const stored = readSecrets(dataDir);
  if (stored.jwtSecret) return stored.jwtSecret;
  const jwtSecret = randomBytes(48).toString('base64url');
  writeSecrets(dataDir, { ...stored, jwtSecret });
  return jwtSecret;
}

/** VAPID keys given by the environment (both, checked), or null. */
function givenVapidKeys(env: Env): { publicKey: string; privateKey: string } | null {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  if (Buffer.from(publicKey, 'base64url').length !== 65)
    throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key (65 bytes, base64url)');
  if (Buffer.from(privateKey, 'base64url').length !== 32)
    throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes, base64url)');
  return { publicKey, privateKey };
}

/**
 * The VAPID key pair of Web Push (RFC 8292) kept in secrets.json: read, or generated once (P-256),
 * since every browser subscription is bound to the public key it was made with.
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const stored = readSecrets(dataDir);
  if (stored.vapidPublicKey && stored.vapidPrivateKey)
    return { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey };
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // Fixed length: a private key with leading zero bytes comes out shorter.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  writeSecrets(dataDir, {
    ...stored,
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
  });
  return keys;
}

/**
 * Web Push settings. Keys given by the environment are checked at once; generated ones are made (and
 * written) only when first used, so that reading the configuration writes nothing: the command line
 * reads it before it knows it may write in DATA_DIR (cli.ts checkOwner).
 */
function vapid(dataDir: string, env: Env): Config['push'] {
  let keys = givenVapidKeys(env);
  const subject =
    text(env, 'VAPID_SUBJECT') ?? `mailto:${text(env, 'SUPPORT_EMAIL') ?? 'support@localhost'}`;
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https:// URL (got "${subject}")`);
  const load = () => (keys ??= loadOrCreateVapidKeys(dataDir));
  return {
    get vapidPublicKey() {
      return load().publicKey;
    },
    get vapidPrivateKey() {
      return load().privateKey;
    },
    subject,
  };
}

function trustProxy(env: Env): boolean | number | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(raw.toLowerCase()))
    return boolean(env, 'TRUST_PROXY', false);
  if (!/^[0-9a-fA-F.:/, ]+$/.test(raw))
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a number of proxies or their addresses (got "${raw}")`,
    );
  return raw;
}

export function parseRole(argv: string[]): Role {
  const flag = argv.find((a) => a.startsWith('--role='));
  const role = flag ? flag.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker')
    throw new ConfigError(`--role must be all, api or worker`);
  return role;
}

/** DATA_DIR as an absolute path (relative ones are from the repository's root). */
export function resolveDataDir(env: Env = process.env): string {
  const dataDirRaw = text(env, 'DATA_DIR') ?? 'data';
  return isAbsolute(dataDirRaw) ? dataDirRaw : resolve(repoRoot, dataDirRaw);
}

export function loadConfig(env: Env = process.env, role: Role = 'all'): Config {
  const dataDir = resolveDataDir(env);
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const givenPublicUrl = url(env, 'PUBLIC_URL');
  if (givenPublicUrl && !/^https?:$/.test(new URL(givenPublicUrl).protocol))
    throw new ConfigError(
      `PUBLIC_URL must start with http:// or https:// (got "${givenPublicUrl}")`,
    );
  const publicUrl = (givenPublicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const transport = oneOf(env, 'MAIL_TRANSPORT', ['outbox', 'smtp'] as const, 'outbox');
  const smtpUrl = url(env, 'SMTP_URL');
  if (transport === 'smtp' && !smtpUrl) throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL');
  const databaseUrl = url(env, 'DATABASE_URL');
  if (role !== 'all' && !databaseUrl) {
    throw new ConfigError(
      `--role=${role} runs beside other processes and needs DATABASE_URL (PostgreSQL)`,
    );
  }
  if (
    text(env, 'ANALYTICS_PROVIDER') === 'posthog' &&
    (!url(env, 'POSTHOG_HOST') || !text(env, 'POSTHOG_KEY'))
  )
    throw new ConfigError('ANALYTICS_PROVIDER=posthog needs POSTHOG_HOST and POSTHOG_KEY');
  if (
    boolean(env, 'POSTHOG_SESSION_RECORDING', false) &&
    text(env, 'ANALYTICS_PROVIDER') !== 'posthog'
  )
    throw new ConfigError('POSTHOG_SESSION_RECORDING needs ANALYTICS_PROVIDER=posthog');
  const storageKind = oneOf(env, 'STORAGE', ['disk', 's3'] as const, 'disk');
  if (storageKind === 's3' && !text(env, 'S3_BUCKET'))
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET');
  return {
    role,
    port,
    healthPort: text(env, 'HEALTH_PORT') === null ? null : integer(env, 'HEALTH_PORT', 0, 1, 65535),
    memoryLogSeconds: integer(env, 'MEMORY_LOG_SECONDS', 0, 0, 86_400),
    host: text(env, 'HOST') ?? '0.0.0.0',
    publicUrl,
    publicUrlGiven: givenPublicUrl !== null,
    dataDir,
    databaseUrl,
    jwtSecret: loadOrCreateSecret(dataDir, text(env, 'JWT_SECRET')),
    tokenTtlDays: integer(env, 'TOKEN_TTL_DAYS', 30, 1, 365),
    mail: { transport, smtpUrl, from: text(env, 'MAIL_FROM') ?? 'Chapitres <no-reply@localhost>' },
    supportEmail: text(env, 'SUPPORT_EMAIL') ?? 'support@localhost',
    push: vapid(dataDir, env),
    redisUrl: url(env, 'REDIS_URL'),
    termsVersion: integer(env, 'TERMS_VERSION', 1, 1, 1_000_000),
    freeChapters: integer(env, 'FREE_CHAPTERS', 3, 0, 1000),
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    trustProxy: trustProxy(env),
    serveApp: boolean(env, 'SERVE_APP', true),
    appDir: resolve(repoRoot, text(env, 'APP_DIR') ?? 'dist'),
    rateLimitMultiplier: integer(env, 'RATE_LIMIT_MULTIPLIER', 1, 1, 100_000),
    backups: {
      // A relative BACKUP_DIR is inside DATA_DIR, with the rest of the server's data.
      dir: resolve(dataDir, text(env, 'BACKUP_DIR') ?? 'backups'),
      keep: integer(env, 'BACKUP_KEEP', 7, 1, 1000),
      everyHours: integer(env, 'BACKUP_EVERY_HOURS', 24, 0, 24 * 365),
    },
    jobs: {
      timeoutSeconds: integer(env, 'JOB_TIMEOUT_SECONDS', 300, 5, 86_400),
      maintenanceSeconds: integer(env, 'JOB_MAINTENANCE_SECONDS', 120, 1, 86_400),
    },
    requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 3600),
    storage: {
      kind: storageKind,
      s3: {
        endpoint: url(env, 'S3_ENDPOINT'),
        bucket: text(env, 'S3_BUCKET'),
        region: text(env, 'S3_REGION') ?? 'us-east-1',
        accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
        secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
        forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', true),
      },
    },
    openai: {
      apiKey: text(env, 'OPENAI_API_KEY'),
      baseUrl: url(env, 'OPENAI_BASE_URL'),
      model: text(env, 'OPENAI_MODEL') ?? 'gpt-4o-mini',
      imageModel: text(env, 'OPENAI_IMAGE_MODEL'),
      ttsModel: text(env, 'OPENAI_TTS_MODEL'),
      ttsVoice: text(env, 'OPENAI_TTS_VOICE'),
    },
    transcribe: {
      baseUrl: url(env, 'TRANSCRIBE_BASE_URL'),
      apiKey: text(env, 'TRANSCRIBE_API_KEY'),
      model: text(env, 'TRANSCRIBE_MODEL') ?? 'whisper-1',
    },
    analytics: {
      provider: oneOf(env, 'ANALYTICS_PROVIDER', ['embedded', 'posthog'] as const, 'embedded'),
      posthogHost: url(env, 'POSTHOG_HOST'),
      posthogKey: text(env, 'POSTHOG_KEY'),
      // Screen recording of visits (every text and input masked), only with PostHog and only for
      // people who ticked it in the privacy choice. Off unless the operator turns it on.
      sessionRecording: boolean(env, 'POSTHOG_SESSION_RECORDING', false),
    },
    stripe: {
      secretKey: text(env, 'STRIPE_SECRET_KEY'),
      webhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET'),
      apiBase: url(env, 'STRIPE_API_BASE'),
    },
    payments:
      oneOf(env, 'PAYMENTS', ['on', 'off'] as const, 'on') === 'off'
        ? 'off'
        : text(env, 'STRIPE_SECRET_KEY')
          ? 'stripe'
          : 'demo',
  };
}
