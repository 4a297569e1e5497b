import type { SessionUser } from '../../http/fastify-types.ts';
import type { Queryable } from '../../db/client.ts';
import { readableStudents } from '../../access/reach.ts';

/**
 * The classmates rule (issue #14, issue 26; docs/decisions.md "Scheduling"), applied to every
 * per-student record a scheduling response carries. `reads` is the reach policy's answer for the
 * students of the response (`readableStudents`): a Student reads only their own presence,
 * feedback and keys, a consultant only their consultees'; a classmate appears by display name only. Money
 * figures of a class (its financial state, each session's financial confirmation) sum up every
 * student's payments, so they are the caller's own only when the caller reads every student of the
 * class — for a student, when they are its only student; otherwise they are left out (null).
 */
export function classmateView(reads: (studentKey: string) => boolean) {
  return {
    /** A roster entry: a classmate keeps the name, loses the key and the consultant. */
    rosterEntry<
      T extends { studentPublicKey: string; studentName: string; consultantPublicKey: string | null },
    >(student: T) {
      return reads(student.studentPublicKey)
        ? student
        : { ...student, studentPublicKey: null, consultantPublicKey: null };
    },
    /** A student named in a list row: a classmate by display name only. */
    person(student: { publicKey: string; fullName: string }) {
      return { publicKey: reads(student.publicKey) ? student.publicKey : null, fullName: student.fullName };
    },
    /** Presence and feedback: the classmates' are left out. */
    presences<T extends { studentPublicKey: string }>(records: readonly T[]): T[] {
      return records.filter((record) => reads(record.studentPublicKey));
    },
    /** Whether the class's money figures are the caller's to read. */
    readsClassMoney(studentKeys: readonly string[]): boolean {
      return studentKeys.every(reads);
    },
  };
}

/** The classmates rule for the students of a response: one reach query at most. */
export async function classmateViewOf(q: Queryable, user: SessionUser, studentKeys: readonly string[]) {
  return classmateView(await readableStudents(q, user, studentKeys));
}

export type ClassmateView = ReturnType<typeof classmateView>;
