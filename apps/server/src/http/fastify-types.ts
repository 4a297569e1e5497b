import type { Endpoint, Language, Permission, Role } from '@tutoria/shared';
import type { EventBus } from '../events/event-bus.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';

/** The signed-in caller, resolved once per request by the auth plugin. */
export interface SessionUser {
  publicKey: string;
  sessionId: string;
  role: Role;
  fullName: string;
  isAdmin: boolean;
  permissions: ReadonlySet<Permission>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (tests drain it; main starts it with the app). */
    events: EventBus;
    jobs: JobQueue;
  }
  interface FastifyRequest {
    language: Language;
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}
