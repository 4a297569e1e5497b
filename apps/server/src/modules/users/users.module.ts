import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { AuthService } from '../auth/auth.module.ts';
import { nameOf, people } from '../../db/schema/people.ts';
import { createOneTimeCodesService } from './one-time-codes.service.ts';
import { logOtpSender, type OtpSender } from './otp-sender.ts';
import { userImageStore } from './user-images.ts';
import { accountByKey, accountByUserName, findPeople, lockPeople, setPasswordHash } from './people.repo.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/**
 * Users, roles, permissions and student profiles (SPEC §3 User). Owns `users`,
 * `student_profiles` and `one_time_codes`. Other modules read people only through these ports:
 * `people` (a view: name, role, status, base type, consultant, picture) to join in their own
 * queries, `nameOf(key)` for a name beside a page's rows, `findPeople` / `lockPeople` to look up
 * and lock, `accounts` (auth's sign-in identities),
 * and the service's registration calls.
 */
export { people, nameOf, findPeople, lockPeople };

/** Sign-in identities for the auth module: find an account, change its password hash. */
export const accounts = { byUserName: accountByUserName, byKey: accountByKey, setPasswordHash };
export type Accounts = typeof accounts;
export type { Person } from './people.repo.ts';
// notification channels (issue 12, channels): where a user's notification e-mails go.
export { emailAddressOf } from './people.repo.ts';
// a student's page (issue 31): the student's card (contacts, consultant, profile) within the caller's reach.
export { studentCard, type StudentCard } from './student-card.ts';
/** The dashboard (issue 29): students created this month within the caller's reach. */
export { newStudentsThisMonth } from './new-students.repo.ts';
export type { OwnedRecordsCheck } from './users.service.ts';

export function createUsersModule(ctx: ModuleContext, deps: { auth: AuthService; otpSender?: OtpSender }) {
  const service = createUsersService({
    db: ctx.db,
    transaction: ctx.transaction,
    config: ctx.config,
    auth: deps.auth,
    images: userImageStore(ctx.config.filesDir),
  });
  const codes = createOneTimeCodesService({
    db: ctx.db,
    transaction: ctx.transaction,
    config: ctx.config,
    store: ctx.store,
    auth: deps.auth,
    sender: deps.otpSender ?? logOtpSender(ctx.log),
  });
  return {
    service,
    routes: (app: FastifyInstance) => usersRoutes(app, service, codes),
  };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
export type { UsersService } from './users.service.ts';
