import type { TimetableTeacher } from '@tutoria/shared';

/**
 * How many teachers the admin week holds under its filters (issue 30), narrowed as the server
 * narrows them: the chosen teachers, and those offering one of the chosen lesson names.
 */
export function teachersMatching(
  teachers: readonly TimetableTeacher[],
  filter: { teacherKeys: readonly string[]; lessonNames: readonly string[] },
): number {
  return teachers.filter(
    (teacher) =>
      (!filter.teacherKeys.length || filter.teacherKeys.includes(teacher.teacherPublicKey)) &&
      (!filter.lessonNames.length || teacher.lessonNames.some((name) => filter.lessonNames.includes(name))),
  ).length;
}
