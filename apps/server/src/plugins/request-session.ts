import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../http/fastify-types.ts';

/** Access tokens are 43 characters; a longer one is refused without a lookup. */
const MAX_TOKEN_LENGTH = 200;

/** The bearer token a call carries, '' for none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** The signed-in caller of a request, or null. */
export type SessionOf = (request: FastifyRequest) => Promise<SessionUser | null>;

/**
 * Looks up each request's session once: the API limit keys on the caller (security.ts) before the
 * auth plugin enforces the entry's access, and neither reads the session twice. Null for a route
 * that is no entry or that anyone may call (no lookup there, as before), for no token, for a
 * token too long to be one, and for an unknown, expired or revoked token.
 */
export function sessionOfRequest(
  resolveSession: (accessToken: string) => Promise<SessionUser | null>,
): SessionOf {
  const answers = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  return (request) => {
    let answer = answers.get(request);
    if (!answer) {
      const endpoint = request.routeOptions.config.endpoint;
      const token = endpoint && endpoint.access !== 'public' ? bearerToken(request) : '';
      answer = token && token.length <= MAX_TOKEN_LENGTH ? resolveSession(token) : Promise.resolve(null);
      answers.set(request, answer);
    }
    return answer;
  };
}
