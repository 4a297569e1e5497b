import { type Level, levels, type LessonType, lessonTypes } from '@tutoria/shared';
import { href } from '@/lib/routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The drill-down in the URL: year, then month, level and lesson type; a wrong value is left out. */
export function drillOf(params: URLSearchParams, thisYear: number) {
  const number = (name: string, min: number, max: number) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
  };
  const year = number('year', 2000, 2100) ?? thisYear;
  const month = number('month', 1, 12);
  const levelParam = params.get('level') as Level | null;
  const level = month && levelParam && levels.includes(levelParam) ? levelParam : undefined;
  const typeParam = params.get('lessonType') as LessonType | null;
  const lessonType = level && typeParam && lessonTypes.includes(typeParam) ? typeParam : undefined;
  const id = (name: string) => {
    const value = params.get(name);
    return value && UUID.test(value) ? value : undefined;
  };
  return {
    year,
    month,
    level,
    lessonType,
    page: number('page', 1, 100_000) ?? 1,
    teacherPublicKey: id('teacher'),
    classroomId: id('class'),
  };
}
export type Drill = ReturnType<typeof drillOf>;

/** The report's URL at a step of the drill-down (the later steps left out), its filters kept. */
export function drillHref(drill: Partial<Drill> & { year: number }) {
  const search = new URLSearchParams({ year: String(drill.year) });
  if (drill.teacherPublicKey) search.set('teacher', drill.teacherPublicKey);
  if (drill.classroomId) search.set('class', drill.classroomId);
  if (drill.month) search.set('month', String(drill.month));
  if (drill.month && drill.level) search.set('level', drill.level);
  if (drill.month && drill.level && drill.lessonType) search.set('lessonType', drill.lessonType);
  if (drill.page && drill.page > 1) search.set('page', String(drill.page));
  return `${href('adminReports', { key: 'teaching-hours' })}?${search.toString()}`;
}
