import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { contract } from '@tutoria/shared';
import { AppError } from '../http/app-error.ts';
import type { Redis } from '../lib/redis.ts';
import { notForSearch } from './parent-pages.ts';
import type { SessionOf } from './request-session.ts';

export interface SecurityOptions {
  /** API calls a minute of one signed-in user, wherever they come from. */
  apiRateLimitPerMinute: number;
  /** API calls a minute without a live session, per application and address (IPv6: per /64). */
  apiRateLimitPerAddressPerMinute: number;
  /** The application ids of SIGNING_APPS. */
  applications: ReadonlySet<string>;
  /** The request's session, looked up once (the auth plugin reuses the answer). */
  sessionOf: SessionOf;
  redis?: Redis;
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine and the calendar set element styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets for these options, read once. They are the same on every response, and
 * `@fastify/helmet` built helmet's middleware again on every request (2 % of a light request's CPU,
 * issue 9).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** The parent report's answers, whatever they are (a report, not found, refused): parent-pages.ts. */
const markNotForSearch: onSendHookHandler = (_request, reply, payload, done) => {
  reply.headers(notForSearch);
  done(null, payload);
};

const API_PATH = /^\/api\//i;

/**
 * Whose allowance an API call spends (docs/decisions.md "Limits per person, not per address"): a
 * signed-in user's own, wherever they call from; otherwise that of the application it names (one
 * of SIGNING_APPS; the signature check after this refuses a forged claim) at the caller's address.
 * An unknown, expired or revoked token is no user: it spends the address's allowance too.
 */
async function allowanceOf(request: FastifyRequest, options: SecurityOptions): Promise<string> {
  const user = await options.sessionOf(request);
  if (user) return `user:${user.publicKey}`;
  const named = request.headers.applicationid;
  const application = typeof named === 'string' && options.applications.has(named) ? named : '-';
  // The peer's address, or the one a trusted proxy forwarded (TRUST_PROXY): never a header anyone can send.
  return `anon:${application}:${normalizeIP(request.ip)}`;
}

/**
 * Strict headers (DESIGN §12) and a ceiling on API calls per signed-in user, or per application
 * and address for calls without a session, shared through Redis when scaled out; the parent
 * report's API answers are never indexed nor stored (its pages: app-pages.ts).
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = securityHeaders();
  // Set before the handler, so a route that needs its own (a served upload's sandbox policy) overrides them.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onRoute', (route) => {
    if (route.config?.endpoint !== contract.sessionReports.parentReport) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), markNotForSearch];
  });
  await app.register(rateLimit, {
    // Not as route hooks, which run after the signature and auth hooks: a call they refuse (a
    // made-up token) would not be counted at all. One hook here, before them, counts every call.
    global: false,
    max: (_request, key) =>
      key.startsWith('user:') ? options.apiRateLimitPerMinute : options.apiRateLimitPerAddressPerMinute,
    timeWindow: 60_000,
    ...(options.redis ? { redis: options.redis, nameSpace: 'tutoria:rl:' } : {}),
    keyGenerator: (request) => allowanceOf(request, options),
    errorResponseBuilder: () => new AppError('REQUESTS_EXCEEDED'),
  });
  const limit = app.rateLimit();
  app.addHook('onRequest', async function (request, reply) {
    // Any spelling: the router ignores case, so `/API/…` reaches the same routes.
    if (API_PATH.test(request.url)) await limit.call(this, request, reply);
  });
});
