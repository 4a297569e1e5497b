import type {
  StudentAcademic,
  StudentMoney,
  StudentOverview,
  StudentPageQuery,
  StudentProgress,
  StudentSurveys,
  StudentWeek,
  StudentWeekQuery,
} from '@tutoria/shared';
import type { SQL } from 'drizzle-orm';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { studentLines } from '../academic/academic.module.ts';
import { studentMoneyOf } from '../finance/finance.module.ts';
import type { ModuleContext } from '../module.ts';
import { progressOfStudent } from '../progress/progress.module.ts';
import { participationOf } from '../surveys/surveys.module.ts';
import { studentCard } from '../users/users.module.ts';
import { sectionsFor, type StudentPageSection } from './page-sections.ts';
import * as repo from './students.repo.ts';
import { toAcademicClass, toPageClass, toSurveyRound, toWeekSession } from './views.ts';

export type StudentsService = ReturnType<typeof createStudentsService>;

/** The student asked about: the named one, or the signed-in Student themself (staff must name one). */
function studentKeyOf(user: SessionUser, named: string | undefined): string {
  if (named) return named;
  if (user.role === 'Student') return user.publicKey;
  throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'studentPublicKey', key: 'required' }] });
}

/** The classrooms the caller reaches, as a condition on a classroom id (a teacher: those they teach or assist). */
const classesOf = (user: SessionUser) => (classroomId: SQL) => reachableClassrooms(user, classroomId);

/**
 * A student's page (issue 31): a composition of other areas' reads, through their module ports
 * and published views only. Each function asks the reach policy first (`access/reach.ts`): the
 * student in the caller's reach (for money, the money reach: never a teacher's), and the section
 * one the caller may see (`sectionsFor`); otherwise FETCH_DATA_FAILED, as if the student did not exist.
 */
export function createStudentsService(ctx: ModuleContext) {
  const { db } = ctx;

  /** The reach check every section starts with; answers the student's key. */
  async function reached(user: SessionUser, named: string | undefined, section: StudentPageSection): Promise<string> {
    const studentKey = studentKeyOf(user, named);
    if (!sectionsFor(user)[section]) throw notFound();
    const money = section === 'money';
    const row = await repo.reachedStudent(db, studentKey, (s) =>
      reachableStudents(user, s.studentKey, { consultantKey: s.consultantKey, money }),
    );
    if (!row) throw notFound();
    return studentKey;
  }

  return {
    /** The first screen: the student's card, the classes the caller reaches, the sections they may see. */
    async overview(user: SessionUser, query: StudentPageQuery): Promise<StudentOverview> {
      const studentKey = studentKeyOf(user, query.studentPublicKey);
      const student = await studentCard(db, studentKey, (s) =>
        reachableStudents(user, s.studentKey, { consultantKey: s.consultantKey }),
      );
      if (!student) throw notFound();
      const classes = await repo.classesOf(db, studentKey, classesOf(user));
      return { student, classes: classes.map(toPageClass), sections: sectionsFor(user) };
    },

    /** The student's sessions in a range of at most 31 days, in the classes the caller reaches. */
    async week(user: SessionUser, query: StudentWeekQuery): Promise<StudentWeek> {
      const studentKey = await reached(user, query.studentPublicKey, 'week');
      const rows = await repo.weekOf(db, { studentKey, from: query.from, to: query.to }, classesOf(user), (key) =>
        reachableStudents(user, key),
      );
      const now = Math.floor(Date.now() / 1000);
      return { data: rows.map((row) => toWeekSession(row, now)) };
    },

    /** The student's money, finance's own reading of the ledger. */
    async money(user: SessionUser, query: StudentPageQuery): Promise<StudentMoney> {
      const studentKey = await reached(user, query.studentPublicKey, 'money');
      return studentMoneyOf(db, studentKey, { allCap: ctx.config.listAllCap, timeZone: ctx.config.timeZone });
    },

    /** Per class the caller reaches: sessions, presence, homework and exams. */
    async academic(user: SessionUser, query: StudentPageQuery): Promise<StudentAcademic> {
      const studentKey = await reached(user, query.studentPublicKey, 'academic');
      return { classes: (await studentLines(db, studentKey, classesOf(user))).map(toAcademicClass) };
    },

    /** The course plan and the applications. */
    async progress(user: SessionUser, query: StudentPageQuery): Promise<StudentProgress> {
      const studentKey = await reached(user, query.studentPublicKey, 'progress');
      return progressOfStudent(db, studentKey);
    },

    /** Survey participation per round, never the ratings. */
    async surveys(user: SessionUser, query: StudentPageQuery): Promise<StudentSurveys> {
      const studentKey = await reached(user, query.studentPublicKey, 'surveys');
      return { rounds: (await participationOf(db, studentKey)).map(toSurveyRound) };
    },
  };
}
