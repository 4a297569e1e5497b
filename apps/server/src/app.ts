import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { allEndpoints } from '@tutoria/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { CounterStore } from './lib/counter-store.ts';
import { loggerOptions } from './lib/log.ts';
import type { Redis } from './lib/redis.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { createLessonsService } from './modules/lessons/lessons.service.ts';
import { schedulingModule } from './modules/scheduling/scheduling.module.ts';
import { createCourseFileStore } from './modules/specifications/course-file-store.ts';
import { specificationsRoutes } from './modules/specifications/specifications.routes.ts';
import { createSpecificationsService } from './modules/specifications/specifications.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { logOtpSender, type OtpSender } from './modules/users/otp-sender.ts';
import { userImageStore } from './modules/users/user-images.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { classroomOwnership, classroomStudentsOf } from './modules/scheduling/user-links.ts';
import { createOneTimeCodesService } from './modules/users/one-time-codes.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { languagePlugin } from './plugins/language.ts';
import { securityPlugin } from './plugins/security.ts';
import { signaturePlugin } from './plugins/signature.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  store: CounterStore;
  redis?: Redis;
  logger?: boolean | object;
  /** Delivers one-time codes (an SMS gateway); the default writes them to the log. */
  otpSender?: OtpSender;
}

/** Builds the whole server; main.ts listens on it, tests call it through app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, store } = deps;
  const app = Fastify({
    logger: loggerOptions(deps.logger, config.logLevel),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: undefined,
  });

  // Validation throws the ZodError itself so the error handler can name fields in the caller's language.
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(serializerCompiler);

  const served = new Set<string>();
  app.addHook('onRoute', (options) => {
    const endpoint = options.config?.endpoint;
    if (endpoint) served.add(endpoint.name);
  });

  const auth = createAuthService({ db: database.db, config, store });

  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    apiRateLimitPerMinute: config.apiRateLimitPerMinute,
    redis: deps.redis,
  });
  await app.register(docsPlugin, { appName: config.appName });
  await app.register(signaturePlugin, {
    apps: config.signingApps,
    nonceMaxAgeSeconds: config.nonceMaxAgeSeconds,
    store,
  });
  await app.register(authPlugin, { resolveSession: auth.resolveSession });
  await app.register(webPlugin, { webDist: config.webDist });

  systemRoutes(app, { config, database });
  authRoutes(app, auth);
  const users = createUsersService({
    db: database.db,
    config,
    auth,
    images: userImageStore(config.filesDir),
    classroomStudents: classroomStudentsOf,
    ownedRecords: [classroomOwnership],
  });
  const oneTimeCodes = createOneTimeCodesService({
    db: database.db,
    config,
    store,
    auth,
    sender: deps.otpSender ?? logOtpSender(app.log),
  });
  await usersRoutes(app, users, oneTimeCodes);

  const lessons = createLessonsService({ db: database.db, listAllCap: config.listAllCap });
  const specifications = createSpecificationsService({
    db: database.db,
    lessons,
    store: createCourseFileStore({ filesDir: config.filesDir, maxUploadBytes: config.maxUploadBytes }),
    listAllCap: config.listAllCap,
    log: app.log,
  });
  lessonsRoutes(app, lessons);
  await specificationsRoutes(app, specifications, { maxUploadBytes: config.maxUploadBytes });
  schedulingModule(app, { db: database.db, config, specifications });

  const missing = allEndpoints.filter((e) => !served.has(e.name)).map((e) => e.name);
  if (missing.length) throw new Error(`Contract entries without a route: ${missing.join(', ')}`);
  return app;
}
