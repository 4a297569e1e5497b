import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  formatMessage,
  type MessageKey,
} from '@tutoria/shared';
import type { SessionUser } from './fastify-types.ts';

export interface RouteContext<E extends Endpoint> {
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  params: EndpointParams<E>;
  /** Null only on public endpoints: the auth plugin refuses the others before this runs. */
  user: E['access'] extends 'public' ? SessionUser | null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Serves one contract entry at its canonical path and every alias, with the entry's schemas for
 * validation, serialisation and the API docs. Routes are thin: they hand the context to a service.
 * The API docs list every alias as the same operation (issue 26): a client written from SPEC §7's
 * names finds its schemas there.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<EndpointResponse<E>>,
): void {
  // As the OpenAPI document writes it (`{id}` for `:id`).
  const canonical = `${endpoint.method} /api/v1/${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
  const spellings = [
    { method: endpoint.method, path: endpoint.path, operationId: endpoint.name },
    ...(endpoint.aliases ?? []).map((alias, i) => ({
      ...(typeof alias === 'string' ? { method: endpoint.method, path: alias } : alias),
      operationId: `${endpoint.name}__alias_${i + 1}`,
      description: `Same operation as ${canonical}.`,
    })),
  ];
  for (const spelling of spellings) {
    app.route({
      method: spelling.method,
      url: `/api/v1/${spelling.path}`,
      config: { endpoint },
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.name.split('.')[0]!],
        operationId: spelling.operationId,
        ...('description' in spelling ? { description: spelling.description } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        response: { 200: endpoint.response },
      },
      handler: async (request, reply) =>
        handler({
          query: request.query as EndpointQuery<E>,
          body: request.body as EndpointBody<E>,
          params: request.params as EndpointParams<E>,
          user: request.user as RouteContext<E>['user'],
          request,
          reply,
        }),
    });
  }
}

/**
 * A success answer with its text in the caller's language (SPEC §8's success messages). Services
 * name the message by key; the route — the response layer — says it.
 */
export function said<T extends object = object>(request: FastifyRequest, key: MessageKey, extra?: T) {
  return { isSuccess: true as const, message: formatMessage(request.language, key), ...(extra as T) };
}
