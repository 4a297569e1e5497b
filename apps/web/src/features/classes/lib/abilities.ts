import { type ClassroomDetails, type CurrentUser, reachesAllClassrooms } from '@tutoria/shared';
import type { SessionAbilities } from '../components/session-card';

export interface ClassAbilities extends SessionAbilities {
  /** Neither deleted nor archived: sessions and the class may still change. */
  live: boolean;
  destroy: boolean;
}

/**
 * What the signed-in user may do with this class (the server checks the same rules): the
 * permissions of their role, and for a teacher's confirmation the class must be theirs unless
 * their role reaches every classroom (the shared scope table).
 */
export function classAbilities(user: CurrentUser | undefined, details: ClassroomDetails): ClassAbilities {
  const permissions = user?.permissions ?? [];
  const ownClass = details.teacher.teacherPublicKey === user?.publicKey;
  const everyClass = user ? reachesAllClassrooms(user.role) : false;
  return {
    live: details.state !== 'Deleted' && !details.archived,
    manage: permissions.includes('classes.manage'),
    record: permissions.includes('sessions.record'),
    confirmAsTeacher: permissions.includes('sessions.confirmAsTeacher') && (ownClass || everyClass),
    confirmAsAdmin: permissions.includes('sessions.confirmAsAdmin'),
    destroy: permissions.includes('classes.destroy'),
  };
}
