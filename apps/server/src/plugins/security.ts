import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { contract } from '@tutoria/shared';
import { AppError } from '../http/app-error.ts';
import type { Redis } from '../lib/redis.ts';
import { notForSearch } from './parent-pages.ts';

export interface SecurityOptions {
  apiRateLimitPerMinute: number;
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

/**
 * Strict headers (DESIGN §12) and a per-IP ceiling on API calls, shared through Redis when scaled
 * out; the parent report's API answers are never indexed nor stored (its pages: app-pages.ts).
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
    global: true,
    max: options.apiRateLimitPerMinute,
    timeWindow: 60_000,
    ...(options.redis ? { redis: options.redis, nameSpace: 'tutoria:rl:' } : {}),
    allowList: (request) => !request.url.startsWith('/api/'),
    // The peer's address, or the one a trusted proxy forwarded (TRUST_PROXY): never a header anyone can send.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new AppError('REQUESTS_EXCEEDED'),
  });
});
