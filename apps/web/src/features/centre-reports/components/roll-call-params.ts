import { type LessonType, lessonTypes, type RollCallPresence } from '@tutoria/shared';

/** The roll call's modes, the `mode` of its URL (day when left out). */
export const rollCallModes = ['day', 'class', 'student'] as const;
export type RollCallMode = (typeof rollCallModes)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const presenceColour: Record<RollCallPresence, string> = {
  present: 'teal',
  absent: 'red',
  unrecorded: 'gray',
};

/** A day in the browser's calendar, as YYYY-MM-DD. */
function dayOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
export const today = () => dayOf(new Date());

const dayParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value && DAY.test(value) ? value : undefined;
};

export function modeOf(params: URLSearchParams): RollCallMode {
  const mode = params.get('mode') as RollCallMode | null;
  return mode && rollCallModes.includes(mode) ? mode : 'day';
}

/** The day's filters in the URL: the day (today unless named), a teacher, a class, a lesson type. */
export function dayFiltersOf(params: URLSearchParams) {
  const type = params.get('lessonType') as LessonType | null;
  return {
    day: dayParam(params, 'day') ?? today(),
    teacherPublicKey: params.get('teacherPublicKey') ?? undefined,
    classroomId: params.get('classroomId') ?? undefined,
    lessonType: type && lessonTypes.includes(type) ? type : undefined,
  };
}

/** A period in the URL: `from`–`to`, this month up to today unless named (the server checks the rest). */
export function periodOf(params: URLSearchParams) {
  const now = new Date();
  return {
    from: dayParam(params, 'from') ?? dayOf(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: dayParam(params, 'to') ?? dayOf(now),
  };
}

/** The URL's query with `change` applied (undefined or empty: left out). */
export function withParams(params: URLSearchParams, change: Record<string, string | null | undefined>) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}
