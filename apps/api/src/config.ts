import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ZEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://orders.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('OrderBridge <no-reply@orderbridge.local>'),
  ROLE: z.enum(['api', 'worker', 'all'], { error: 'must be api, worker or all' }).default('all'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().default('loopback'),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[^/?]+/, 'must be an s3:// URL such as s3://bucket?endpoint=http://127.0.0.1:9000')
    .optional(),
  WEB_DIST: z.string().optional(),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  READ_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  READER_MODEL_URL: z.url({ error: 'must be the URL of an OpenAI-compatible API' }).optional(),
  READER_MODEL: z.string().min(1).optional(),
  READER_MODEL_KEY: z.string().min(1).optional(),
  READER_MODEL_VISION: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  MAIL_IN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MAIL_IN_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a domain such as orders.example.com')
    .optional(),
  MAIL_IN_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  MAIL_IN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MAIL_IN_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  MAIL_IN_IDLE_MAX: z.coerce.number().int().min(0).max(10_000).default(100),
  MAIL_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes, e.g. `openssl rand -hex 32`)')
    .optional(),
});

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  role: 'api' | 'worker' | 'all';
  jwtSecret: string;
  env: 'development' | 'production' | 'test';
  logLevel: string;
  accessTokenTtlSeconds: number;
  authRateLimitPerMinute: number;
  /**
   * Which peers may set X-Forwarded-For/-Proto (Fastify's trustProxy): addresses or CIDRs, `loopback`,
   * or true/false. Trusting everyone would let any client pick its own address for rate limits.
   */
  trustProxy: boolean | string;
  /** S3-compatible object storage for files; unset → the folder `DATA_DIR/files`. */
  storageUrl: string | undefined;
  webDist: string;
  signedUrlTtlSeconds: number;
  readTimeoutSeconds: number;
  /** Seconds between heartbeat comments on idle event streams. */
  streamHeartbeatSeconds: number;
  /** How often a worker sweeps: documents left without a reading job, stored files no row refers to. */
  sweepSeconds: number;
  /** An OpenAI-compatible model for companies whose `aiModel` is not `builtin`. */
  readerModel: { url: string; model: string; apiKey?: string; vision: boolean } | undefined;
  mailIn: {
    /** The built-in SMTP receiver's port (0: any free port); unset: no receiver. */
    port: number | undefined;
    domain: string;
    maxBytes: number;
    ratePerMinute: number;
    pollSeconds: number;
    /** IMAP IDLE connections one worker process keeps at most (0: none, polling only). */
    idleMax: number;
    /** AES-256-GCM key for mailbox passwords. */
    secretKey: Buffer;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The only reader of the environment: every bad variable is reported at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET)
    problems.push('JWT_SECRET: required when NODE_ENV=production');
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: required when NODE_ENV=production');
  if (e.READER_MODEL_URL && !e.READER_MODEL)
    problems.push('READER_MODEL: required when READER_MODEL_URL is set');
  if (e.NODE_ENV === 'production' && !e.MAIL_SECRET_KEY)
    problems.push('MAIL_SECRET_KEY: required when NODE_ENV=production');
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    role: e.ROLE,
    jwtSecret:
      e.JWT_SECRET ?? generatedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    storageUrl: e.STORAGE_URL,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
    readTimeoutSeconds: e.READ_TIMEOUT_SECONDS,
    streamHeartbeatSeconds: e.STREAM_HEARTBEAT_SECONDS,
    sweepSeconds: e.SWEEP_SECONDS,
    readerModel: e.READER_MODEL_URL
      ? {
          url: e.READER_MODEL_URL,
          model: e.READER_MODEL!,
          ...(e.READER_MODEL_KEY ? { apiKey: e.READER_MODEL_KEY } : {}),
          vision: e.READER_MODEL_VISION === 'true',
        }
      : undefined,
    mailIn: {
      port: e.MAIL_IN_PORT,
      domain: (e.MAIL_IN_DOMAIN ?? new URL(publicUrl).hostname).toLowerCase(),
      maxBytes: e.MAIL_IN_MAX_BYTES,
      ratePerMinute: e.MAIL_IN_RATE_PER_MINUTE,
      pollSeconds: e.MAIL_IN_POLL_SECONDS,
      idleMax: e.MAIL_IN_IDLE_MAX,
      secretKey: Buffer.from(
        e.MAIL_SECRET_KEY ??
          generatedSecret(dataDir, 'mail-secret-key', () => randomBytes(32).toString('hex')),
        'hex',
      ),
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}

/** A development secret is made once and kept in DATA_DIR so tokens and stored passwords survive restarts. */
function generatedSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = generate();
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
