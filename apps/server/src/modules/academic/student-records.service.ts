import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { classroomRosterOf, scopedClassroom } from '../scheduling/scheduling.module.ts';
import * as repo from './records.repo.ts';
import { examsOfStudentInClass, homeworksOfStudentInClass } from './record-filters.repo.ts';
import { reachesStudent } from '../../access/reach.ts';
import { examView, homeworkView } from './views.ts';

export type StudentRecordsService = ReturnType<typeof createStudentRecordsService>;

/** One student's homework and exams in one class (`class/{id}/student/{student_id}/exams-homeworks`). */
export function createStudentRecordsService({ db }: ModuleContext) {
  return {
    async inClass(user: SessionUser, classroomId: string, studentKey: string) {
      const classroom = await scopedClassroom(db, user, classroomId);
      const student = (await classroomRosterOf(db, classroomId)).find(
        (s) => s.studentPublicKey === studentKey,
      );
      if (!student) throw notFound();
      // A consultant reaches a class through a consultee, not the consultee's classmates.
      if (!(await reachesStudent(db, user, studentKey))) throw notFound();
      const [homeworks, exams, summary] = await Promise.all([
        repo.homeworksWhere(db, homeworksOfStudentInClass(classroomId, studentKey)),
        repo.examsWhere(db, examsOfStudentInClass(classroomId, studentKey)),
        repo.studentClassSummary(db, classroomId, studentKey),
      ]);
      return {
        classroomId,
        classroomName: classroom.classroomName,
        studentPublicKey: studentKey,
        studentName: student.studentName,
        homeworks: homeworks.map(homeworkView),
        exams: exams.map(examView),
        averageScore: summary.averageScore === null ? null : Number(summary.averageScore),
        completionRate: summary.completionRate,
      };
    },
  };
}
