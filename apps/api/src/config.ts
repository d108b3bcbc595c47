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
  WEB_DIST: z.string().optional(),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  READ_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  READER_MODEL_URL: z.url({ error: 'must be the URL of an OpenAI-compatible API' }).optional(),
  READER_MODEL: z.string().min(1).optional(),
  READER_MODEL_KEY: z.string().min(1).optional(),
  READER_MODEL_VISION: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
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
  webDist: string;
  signedUrlTtlSeconds: number;
  readTimeoutSeconds: number;
  /** An OpenAI-compatible model for companies whose `aiModel` is not `builtin`. */
  readerModel: { url: string; model: string; apiKey?: string; vision: boolean } | undefined;
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
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    role: e.ROLE,
    jwtSecret: e.JWT_SECRET ?? generatedSecret(dataDir),
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
    readTimeoutSeconds: e.READ_TIMEOUT_SECONDS,
    readerModel: e.READER_MODEL_URL
      ? {
          url: e.READER_MODEL_URL,
          model: e.READER_MODEL!,
          ...(e.READER_MODEL_KEY ? { apiKey: e.READER_MODEL_KEY } : {}),
          vision: e.READER_MODEL_VISION === 'true',
        }
      : undefined,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}

/** A development secret is made once and kept in DATA_DIR so tokens survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
