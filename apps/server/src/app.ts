import Fastify, {
  type FastifyInstance,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import { allEndpoints } from '@tutoria/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { transactionRunner } from './db/transaction.ts';
import {
  type AnswerCheck,
  loadFastSerializer,
  responseSerializerCompiler,
} from './http/response-serializer.ts';
import { createEventBus } from './events/event-bus.ts';
import type { CounterStore } from './lib/counter-store.ts';
import { createJobQueue } from './lib/jobs/job-queue.ts';
import { loggerOptions, OneLinePerRequest } from './lib/log.ts';
import type { Redis } from './lib/redis.ts';
import { createAcademicModule } from './modules/academic/academic.module.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
// backups (issue 33)
import type { BackupRunner } from './backup/backup-runner.ts';
import { createBackupsModule } from './modules/backups/backups.module.ts';
// finance (issue 11)
import { createFinanceModule } from './modules/finance/finance.module.ts';
import { createLessonsModule } from './modules/lessons/lessons.module.ts';
import type { ModuleContext } from './modules/module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createSchedulingModule } from './modules/scheduling/scheduling.module.ts';
import { createSpecificationsModule } from './modules/specifications/specifications.module.ts';
import { createSystemModule } from './modules/system/system.module.ts';
// surveys (issue 12)
import { createSurveysModule } from './modules/surveys/surveys.module.ts';
import type { OtpSender } from './modules/users/otp-sender.ts';
import { accounts, createUsersModule } from './modules/users/users.module.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { languagePlugin } from './plugins/language.ts';
import { sessionOfRequest } from './plugins/request-session.ts';
import { securityPlugin } from './plugins/security.ts';
import { signaturePlugin } from './plugins/signature.ts';
import { webPlugin } from './plugins/web.ts';
// progress stage: course plans and applications (issue 12)
import { createProgressModule } from './modules/progress/progress.module.ts';
// calendar feeds (issue 29)
import { createCalendarModule } from './modules/calendar/calendar.module.ts';
// the centre's reports (issue 29)
import { createCentreReportsModule } from './modules/centre-reports/centre-reports.module.ts';
// session reminders (issue 12)
import { createRemindersModule } from './modules/reminders/reminders.module.ts';
// failed background work and the centre's export (issue 33)
import { createOperationsModule } from './modules/operations/operations.module.ts';
// a student's page (issue 31)
import { createStudentsModule } from './modules/students/students.module.ts';
import { createDashboardModule } from './modules/dashboard/dashboard.module.ts';
// staff tasks (issue 29)
import { createTasksModule } from './modules/tasks/tasks.module.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  store: CounterStore;
  redis?: Redis;
  logger?: boolean | object;
  /** Delivers one-time codes (an SMS gateway); the default writes them to the log. */
  otpSender?: OtpSender;
  /** `manual` leaves event dispatch to `app.events.drain()` (tests); the default dispatches after each commit. */
  eventDispatch?: 'auto' | 'manual';
  /** `manual` leaves running jobs to `app.jobs.drain()`; default: as `eventDispatch`. */
  jobDispatch?: 'auto' | 'manual';
  /** Backups (issue 33): the process's runner (main.ts shares it with the upgrade check) and its control token. */
  backups?: { runner?: BackupRunner; controlToken?: string };
}

/** Validation throws the ZodError itself so the error handler can name fields in the caller's language. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error };
  };

/** How long after ready a serving process starts its event and job workers (start-up, issue 9). */
const WORKERS_START_DELAY_MS = 1000;

/** Fastify types these factories for Ajv's shared schemas; ours ignore them and hand out our compilers. */
const schemaCompilers = (answerCheck: AnswerCheck) =>
  ({
    buildValidator: () => validatorCompiler,
    buildSerializer: () => responseSerializerCompiler(answerCheck),
  }) as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the whole server; main.ts listens on it, tests call it through app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, store } = deps;
  // Outside production every answer is also checked against its Zod schema (a wrong one is a 500).
  const answerCheck: AnswerCheck =
    config.env === 'production' ? 'none' : config.env === 'test' ? 'compare' : 'check';
  const app = Fastify({
    logger: loggerOptions(deps.logger, config.logLevel),
    logController: new OneLinePerRequest(),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Zod validates; answers are written from their schema (http/response-serializer.ts). Given
    // here, Fastify loads neither Ajv nor fast-json-stringify at start (a fifth of the start).
    schemaController: { compilersFactory: schemaCompilers(answerCheck) },
  });

  const served = new Set<string>();
  app.addHook('onRoute', (options) => {
    const endpoint = options.config?.endpoint;
    if (endpoint) served.add(endpoint.name);
  });

  const eventDispatch = deps.eventDispatch ?? 'auto';
  const events = createEventBus({ db: database.db, log: app.log, redis: deps.redis, mode: eventDispatch });
  app.decorate('events', events);

  // The job queue (reminders, issue 12): a worker per process, stopped before the database closes.
  const jobDispatch = deps.jobDispatch ?? eventDispatch;
  const jobs = createJobQueue({ db: database.db, log: app.log, redis: deps.redis, mode: jobDispatch });
  app.decorate('jobs', jobs);

  // Start-up (issue 9): a lone process dispatching on its own starts its workers a moment after
  // ready, so the first requests do not queue behind their first queries (cold tables: ≈ 0.2 s on
  // PGlite). With Redis they start at ready, subscribed before the first request (other processes'
  // events reach this one's streams); with manual dispatch (tests) too, as the drains expect.
  const startWorkers = async () => {
    await events.start();
    await jobs.start();
  };
  const deferWorkers = !deps.redis && (eventDispatch === 'auto' || jobDispatch === 'auto');
  let deferredStart: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    // Tests compare both serialisations from the first request; in production the fast
    // serialiser loads after start, and answers until then are written the checked way.
    if (answerCheck !== 'none') await loadFastSerializer();
    else setTimeout(() => void loadFastSerializer(), WORKERS_START_DELAY_MS).unref();
    if (!deferWorkers) return startWorkers();
    deferredStart = setTimeout(() => {
      starting = startWorkers().catch((error: unknown) =>
        app.log.error({ err: error }, 'workers failed to start'),
      );
    }, WORKERS_START_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    clearTimeout(deferredStart);
    await starting; // a start under way finishes before the stop, so nothing runs after close
    await events.stop();
    await jobs.stop();
  });

  // Modules, in dependency order: each gets the shared context and the services it needs.
  const ctx: ModuleContext = {
    db: database.db,
    config,
    store,
    events,
    jobs,
    transaction: transactionRunner(database.db, () => {
      events.afterCommit();
      jobs.afterCommit();
    }),
    log: app.log,
  };
  const system = createSystemModule(ctx, { database });
  const auth = createAuthModule(ctx, { accounts, redis: deps.redis });
  const users = createUsersModule(ctx, { auth: auth.service, otpSender: deps.otpSender });
  const lessons = createLessonsModule(ctx);
  const specifications = createSpecificationsModule(ctx, { lessons: lessons.service });
  const scheduling = createSchedulingModule(ctx, {
    users: users.service,
    specifications: specifications.service,
  });
  // Notifications (issue 12): after scheduling, whose events it subscribes to.
  const notifications = createNotificationsModule(ctx);
  // finance (issue 11): after scheduling, whose sessions it confirms financially.
  const finance = createFinanceModule(ctx, { users: users.service, scheduling });
  // academic records (issue 10), after scheduling
  const academic = createAcademicModule(ctx, { users: users.service });
  // progress stage (issue 12): course plans and applications, after scheduling (held hours)
  const progress = createProgressModule(ctx);
  // calendar feeds (issue 29): after scheduling, whose read views it reads.
  const calendar = createCalendarModule(ctx);
  // surveys (issue 12): after scheduling and users, whose ports it reads.
  const surveys = createSurveysModule(ctx);
  // session reminders (issue 12): after scheduling (sessions) and notifications (the messages).
  createRemindersModule(ctx, { notifications: notifications.service });
  // backups (issue 33): after notifications (a failed nightly run tells the Admins).
  const backups = createBackupsModule(ctx, { notifications: notifications.service, database, ...deps.backups });
  // failed background work and the centre's export (issue 33): after every area that registers a job kind.
  const operations = createOperationsModule(ctx);
  // a student's page (issue 31): a composition module reading every area above through its ports, so last.
  const students = createStudentsModule(ctx);
  // the dashboard (issue 29): a composition module too, reading scheduling, users and finance.
  const dashboard = createDashboardModule(ctx);
  // staff tasks (issue 29): counts through every area's port, so last too.
  const tasks = createTasksModule(ctx);
  // the centre's reports (issue 29): read-only over scheduling's views.
  const centreReports = createCentreReportsModule(ctx);

  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  // The API limit keys on the caller before the auth plugin checks them: one session lookup for both.
  const sessionOf = sessionOfRequest(auth.service.resolveSession);
  await app.register(securityPlugin, {
    apiRateLimitPerMinute: config.apiRateLimitPerMinute,
    apiRateLimitPerAddressPerMinute: config.apiRateLimitPerAddressPerMinute,
    applications: new Set(config.signingApps.keys()),
    sessionOf,
    redis: deps.redis,
  });
  await app.register(docsPlugin, { appName: config.appName });
  await app.register(signaturePlugin, {
    apps: config.signingApps,
    nonceMaxAgeSeconds: config.nonceMaxAgeSeconds,
    store,
  });
  await app.register(authPlugin, { sessionOf });
  await app.register(webPlugin, {
    webDist: config.webDist,
    appName: config.appName,
    centreName: config.centre.name,
    defaultLanguage: config.defaultLanguage,
  });

  for (const module of [system, auth, users, lessons, specifications, scheduling, academic, finance, notifications, progress, calendar, surveys, operations, backups, students, dashboard, tasks, centreReports]) {
    await module.routes(app);
  }

  const missing = allEndpoints.filter((e) => !served.has(e.name)).map((e) => e.name);
  if (missing.length) throw new Error(`Contract entries without a route: ${missing.join(', ')}`);
  return app;
}
