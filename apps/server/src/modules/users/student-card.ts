import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { StudentProfile, UserListItem } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { toProfile } from './users.mapping.ts';
import { studentCardRow } from './people.repo.ts';

/** A student's card on their page (issue 31): who they are, how to reach them, their consultant and profile. */
export interface StudentCard {
  publicKey: string;
  fullName: string;
  nickName: string | null;
  imageUrl: string | null;
  status: UserListItem['status'];
  phoneNumber: string | null;
  emailAddress: string | null;
  consultant: { publicKey: string; fullName: string } | null;
  profile: StudentProfile | null;
}

/**
 * A student (role Student) with their profile and consultant, in one query, when `reach` (a
 * condition on the student's key and consultant columns, from the reach policy) holds for them.
 * Contact details come whole: a student in the caller's reach is shown as users.get shows them.
 */
export async function studentCard(
  q: Queryable,
  studentKey: string,
  reach: (columns: { studentKey: SQLWrapper; consultantKey: SQLWrapper }) => SQL | undefined,
): Promise<StudentCard | undefined> {
  const row = await studentCardRow(q, studentKey, reach);
  if (!row) return undefined;
  return {
    publicKey: row.publicKey,
    fullName: row.fullName,
    nickName: row.nickName,
    imageUrl: row.imageUrl,
    status: row.status as UserListItem['status'],
    phoneNumber: row.phoneNumber,
    emailAddress: row.emailAddress,
    consultant: row.consultantKey && row.consultantName ? { publicKey: row.consultantKey, fullName: row.consultantName } : null,
    profile: row.profile ? toProfile(row.profile) : null,
  };
}
