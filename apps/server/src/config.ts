import path from 'node:path';
import { z } from 'zod';
import { isKnownCurrency } from '@tutoria/shared';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const DEV_SIGNING_APPS = 'tutoria-web:tutoria-dev-secret';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Proxy names proxy-addr knows: 127.0.0.1/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const proxyNames = ['loopback', 'linklocal', 'uniquelocal'];
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(proxyNames)]);

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Which peers may tell the client's address in `X-Forwarded-For`, as Fastify's `trustProxy`: off,
 * every peer (`true`), the nearest N hops, or a list of proxy addresses and ranges. Fastify trusts
 * nothing for a bare number, so a hop count becomes the function proxy-addr would have made of it.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (['', '0', 'false', 'off', 'no'].includes(v)) return false;
    if (['true', 'on', 'yes'].includes(v)) return true;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      return (_address, hop) => hop < hops;
    }
    const entries = v.split(',').map((s) => s.trim());
    const bad = entries.filter((entry) => !proxyAddress.safeParse(entry).success);
    if (bad.length) ctx.addIssue({ code: 'custom', message: `not an address, a range or a hop count: ${bad.join(', ')}` });
    return entries;
  });

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO: booleanFlag.optional(),
  SIGNING_APPS: z
    .string()
    .regex(/^[\w.-]+:[^,:]{8,}(,[\w.-]+:[^,:]{8,})*$/, 'SIGNING_APPS must be id:secret pairs, secrets ≥ 8 characters')
    .default(DEV_SIGNING_APPS),
  WEB_APPLICATION_ID: z.string().default('tutoria-web'),
  APP_NAME: z.string().min(1).default('Tutoria'),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'TIME_ZONE must be an IANA time zone, such as Asia/Shanghai')
    .default('UTC'),
  // Unset: the demo centre's CNY in demo mode, else SPEC §9's IRR (see `currency` below).
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isKnownCurrency, 'CURRENCY must be an ISO 4217 code, such as IRR or CNY')
    .optional(),
  DEFAULT_LANGUAGE: z.enum(['en', 'zh']).default('en'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(50),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(12 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  NONCE_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(300),
  LIST_ALL_CAP: z.coerce.number().int().positive().default(10_000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  // Failed sign-ins per address (issue 26: successes never count): a centre's people share one address.
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_THROTTLE_AFTER_FAILURES: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: trustProxy.default(false),
  // issue 31: API calls a minute per signed-in user; without a session, per application and address.
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  CENTRE_NAME: z.string().default('Tutoria Learning Centre'),
  CENTRE_ADDRESS: z.string().default('88 Learning Avenue, Suite 12'),
  CENTRE_PHONE: z.string().default('+86 21 5555 0100'),
  CENTRE_EMAIL: z.string().default('hello@tutoria.example'),
  CENTRE_HOURS: z.string().default('Mon–Sat 09:00–21:00'),
  WEB_DIST: z.string().optional(),
  // parent report links (issue 10): how long a link lives; how often one address may open links per minute.
  PARENT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  PARENT_LINK_OPENS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // reminders (issue 12): how long before a session its people are reminded; 0 turns reminders off.
  SESSION_REMINDER_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(60),
  // notification channels (issue 12, channels): e-mail through SMTP when set (smtp://user:pass@host:587, smtps://…).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be smtp://… or smtps://…')
    .optional(),
  MAIL_FROM: z.string().optional(),
  // perf (issue 9): how long a session lookup is reused (0: never); see docs/decisions.md "Session cache".
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  // live notification streams (issue 26): a user's newest ones kept; past the process's, new ones refused.
  NOTIFICATION_STREAMS_PER_USER: z.coerce.number().int().positive().max(100).default(5),
  NOTIFICATION_STREAMS_PER_PROCESS: z.coerce.number().int().positive().default(1000),
  // backups (issue 33): where they go (never served), the optional encryption key, the nightly run.
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEY: z.string().min(16, 'BACKUP_KEY must be at least 16 characters').optional(),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME must be HH:MM (24-hour, in TIME_ZONE), such as 02:30')
    .default('02:30'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  BACKUP_NIGHTLY: booleanFlag.default(true),
  // consultant profit (issue 28): a consultant's share of their students' classes' profit, unless finance set one.
  CONSULTANT_SHARE_PERCENT: z.coerce.number().min(0).max(100).default(10),
});

export type Config = ReturnType<typeof loadConfig>;

/** Every setting in one place, from the environment, validated; refuses unsafe production settings. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.SIGNING_APPS === DEV_SIGNING_APPS) {
    throw new Error('SIGNING_APPS must be set to your own secret in production (the development default is public).');
  }
  const signingApps = new Map(
    e.SIGNING_APPS.split(',').map((pair) => {
      const [id, secret] = pair.split(':') as [string, string];
      return [id, secret];
    }),
  );
  if (!signingApps.has(e.WEB_APPLICATION_ID)) {
    throw new Error(`WEB_APPLICATION_ID "${e.WEB_APPLICATION_ID}" is not one of SIGNING_APPS.`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const webDist = path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist'));
  const backupDir = path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups'));
  // Backups hold every record: a folder the web server serves must never hold them (issue 33).
  if (`${backupDir}${path.sep}`.startsWith(`${webDist}${path.sep}`)) {
    throw new Error(`BACKUP_DIR (${backupDir}) must not be inside the web build the server serves (${webDist}).`);
  }
  const demo = e.DEMO ?? !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    demo,
    signingApps,
    usesDevSecret: e.SIGNING_APPS === DEV_SIGNING_APPS,
    webApplicationId: e.WEB_APPLICATION_ID,
    appName: e.APP_NAME,
    timeZone: e.TIME_ZONE,
    // The demo centre (Chinese names, Alipay and WeChat) counts in yuan; a real centre's default is IRR (issue 27).
    currency: e.CURRENCY ?? (demo ? 'CNY' : 'IRR'),
    defaultLanguage: e.DEFAULT_LANGUAGE,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_MINUTES * 60,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_DAYS * 86400,
    nonceMaxAgeSeconds: e.NONCE_MAX_AGE_SECONDS,
    listAllCap: e.LIST_ALL_CAP,
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      /** Failed sign-ins from one address in the window (and one-time-code requests from it). */
      maxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_MINUTES * 60,
      throttleAfterFailures: e.LOGIN_THROTTLE_AFTER_FAILURES,
    },
    trustProxy: e.TRUST_PROXY,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerAddressPerMinute: e.API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    centre: {
      name: e.CENTRE_NAME,
      address: e.CENTRE_ADDRESS,
      phone: e.CENTRE_PHONE,
      email: e.CENTRE_EMAIL,
      hours: e.CENTRE_HOURS,
    },
    webDist,
    // parent report links (issue 10)
    parentLinks: { days: e.PARENT_LINK_DAYS, opensPerMinute: e.PARENT_LINK_OPENS_PER_MINUTE },
    // reminders (issue 12)
    sessionReminderMinutes: e.SESSION_REMINDER_MINUTES,
    // notification channels (issue 12, channels)
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.APP_NAME} <${e.CENTRE_EMAIL}>` } : undefined,
    // perf (issue 9)
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    // live notification streams (issue 26)
    streams: { perUser: e.NOTIFICATION_STREAMS_PER_USER, perProcess: e.NOTIFICATION_STREAMS_PER_PROCESS },
    // backups (issue 33): DATA_DIR/backups by default, outside what the web server serves.
    backups: {
      dir: backupDir,
      key: e.BACKUP_KEY,
      time: e.BACKUP_TIME,
      keep: e.BACKUP_KEEP,
      nightly: e.BACKUP_NIGHTLY,
    },
    // consultant profit (issue 28): the share (percent, 0–100) of a consultant finance has not set one for
    consultantSharePercent: e.CONSULTANT_SHARE_PERCENT,
  };
}
