import { sql } from 'drizzle-orm';
import type {
  ClassesExamScores,
  ClassExamScores,
  ExamKind,
  ExamScoresType,
  Level,
  LessonType,
} from '@tutoria/shared';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { classExamScores, type ClassExamScoresRow } from '../academic/academic.module.ts';
import type { ModuleContext } from '../module.ts';

export type ExamScoresService = ReturnType<typeof createExamScoresService>;

interface Query {
  from: string;
  to: string;
  examType: ExamScoresType;
  examsNames?: string | undefined;
  teacherPublicKey?: string | undefined;
  classroomId?: string | undefined;
  level?: Level | undefined;
  lessonType?: LessonType | undefined;
}

const figureOf = (row: ClassExamScoresRow) => ({
  average: Number(row.average),
  examCount: row.examCount,
  studentCount: row.studentCount,
});

/**
 * Exam scores compared between classes (issue 29). Staff only (`centreReports.read`); the exams of
 * the classes the caller reaches, and in them of the students the caller reaches, so a
 * consultant's class figures are their own students' (the reach policy on every figure).
 */
export function createExamScoresService(ctx: ModuleContext) {
  return {
    async classes(user: SessionUser, query: Query): Promise<ClassesExamScores> {
      const rows = await classExamScores(ctx.db, {
        classes: reachableClassrooms(user, sql`e.classroom_id`),
        students: reachableStudents(user, sql`e.student_key`),
        period: { from: query.from, to: query.to },
        timeZone: ctx.config.timeZone,
        examType: query.examType === 'Total' ? undefined : query.examType,
        examinedNames: (query.examsNames ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
        teacherKey: query.teacherPublicKey,
        classroomId: query.classroomId,
        level: query.level,
        lessonType: query.lessonType,
      });
      // Rows come a class's own row first, then its names (the statement's order).
      const classes: ClassExamScores[] = [];
      for (const row of rows) {
        if (row.total) {
          classes.push({
            classroomId: row.classroomId,
            classroomName: row.classroomName,
            teacherName: row.teacherName ?? '',
            level: row.level as Level,
            lessonType: row.lessonType as LessonType,
            ...figureOf(row),
            exams: [],
          });
          continue;
        }
        classes.at(-1)?.exams.push({
          examType: row.examType as ExamKind,
          examName: row.examName,
          ...figureOf(row),
        });
      }
      return { classes };
    },
  };
}
