import type { Endpoint, Language, Permission, Role } from '@tutoria/shared';

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
  interface FastifyRequest {
    language: Language;
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}
