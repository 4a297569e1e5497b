import type { FastifyInstance } from 'fastify';
import { contract, formatMessage } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { LessonsService } from './lessons.service.ts';

export function lessonsRoutes(app: FastifyInstance, lessons: LessonsService): void {
  const c = contract.lessons;
  const saved = (language: Parameters<typeof formatMessage>[0]) => ({
    isSuccess: true as const,
    message: formatMessage(language, 'lessonSaved'),
  });
  route(app, c.list, ({ body }) => lessons.list(body));
  route(app, c.create, async ({ user, body, request }) => ({
    ...saved(request.language),
    lesson: await lessons.create(user, body),
  }));
  route(app, c.edit, async ({ user, body, request }) => ({
    ...saved(request.language),
    lesson: await lessons.edit(user, body),
  }));
  route(app, c.delete, async ({ user, body, request }) => {
    await lessons.delete(user, body.lessonId);
    return saved(request.language);
  });
  route(app, c.titles, ({ query }) => lessons.titles(query));
  route(app, c.names, ({ query }) => lessons.names(query));
}
