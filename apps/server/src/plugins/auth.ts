import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import { bearerToken, type SessionOf } from './request-session.ts';

export interface AuthPluginOptions {
  /** The request's session, looked up once per request (the API limit may have asked first). */
  sessionOf: SessionOf;
}

/**
 * Resolves the bearer token to the caller and enforces the endpoint's declared access
 * (DESIGN §6) before any body is read: 401 with status code 6 for no or a dead session,
 * ACCESS_DENIED for a missing permission.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint || endpoint.access === 'public') return;
    if (!bearerToken(request)) throw new AppError('UNAUTHORIZED', { text: { key: 'notSignedIn' } });
    const user = await options.sessionOf(request);
    if (!user) throw new AppError('UNAUTHORIZED', { text: { key: 'sessionExpired' } });
    request.user = user;
    if (endpoint.access !== 'signedIn' && !user.permissions.has(endpoint.access)) {
      throw new AppError('ACCESS_DENIED');
    }
  });
});
