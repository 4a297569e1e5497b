import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import type { Redis } from '../lib/redis.ts';

export interface SecurityOptions {
  apiRateLimitPerMinute: number;
  redis?: Redis;
}

/** Strict headers (DESIGN §12) and a per-IP ceiling on API calls, shared through Redis when scaled out. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  await app.register(helmet, {
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
