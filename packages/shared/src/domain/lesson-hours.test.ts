import { describe, expect, it } from 'vitest';
import { lessonFigures, lessonGroupFigures, teachingHoursRoom } from './lesson-hours.ts';

describe('lesson figures (issue 27: one computation for records, reports and the parent report)', () => {
  it('a lesson over several sessions adds their hours, exactly (1.5 + 0.5 is 2)', () => {
    expect(lessonFigures({ lengthHours: 3, recordedHours: 1.5 + 0.5, finished: false })).toEqual({
      lengthHours: 3,
      taughtHours: 2,
      leftHours: 1,
      percent: 66,
    });
    expect(lessonFigures({ lengthHours: 0.3, recordedHours: 0.1 + 0.2, finished: false })).toMatchObject({
      taughtHours: 0.3,
      leftHours: 0,
      percent: 100,
    });
  });

  it('never counts past the lesson: old records over its length are shown as its length', () => {
    expect(lessonFigures({ lengthHours: 2, recordedHours: 3, finished: false })).toEqual({
      lengthHours: 2,
      taughtHours: 2,
      leftHours: 0,
      percent: 100,
    });
    expect(lessonFigures({ lengthHours: 1.5, recordedHours: 4, finished: false }).taughtHours).toBe(1.5);
  });

  it('a finished lesson leaves nothing and counts whole, its taught hours as recorded', () => {
    expect(lessonFigures({ lengthHours: 3, recordedHours: 1, finished: true })).toEqual({
      lengthHours: 3,
      taughtHours: 1,
      leftHours: 0,
      percent: 100,
    });
  });

  it('nothing recorded: 0 taught, all left; a lesson of no length is 0 % until finished', () => {
    expect(lessonFigures({ lengthHours: 1.5, recordedHours: 0, finished: false })).toEqual({
      lengthHours: 1.5,
      taughtHours: 0,
      leftHours: 1.5,
      percent: 0,
    });
    expect(lessonFigures({ lengthHours: 0, recordedHours: 0, finished: false }).percent).toBe(0);
    expect(lessonFigures({ lengthHours: 0, recordedHours: 0, finished: true }).percent).toBe(100);
  });

  it('groups lessons: hours and taught hours summed, a finished lesson whole in the percentage, floored', () => {
    // 1 of 1.5 h taught; a 1.5 h lesson finished after 1 h: covered 2.5 of 3 h = 83.3 %.
    expect(
      lessonGroupFigures([
        { lengthHours: 1.5, recordedHours: 1, finished: false },
        { lengthHours: 1.5, recordedHours: 1, finished: true },
      ]),
    ).toEqual({ lessons: 2, finished: 1, hours: 3, taughtHours: 2, percent: 83 });
    expect(lessonGroupFigures([])).toEqual({ lessons: 0, finished: 0, hours: 0, taughtHours: 0, percent: 0 });
  });
});

describe('room for a lesson at a session', () => {
  it('two lessons in one 1.5 h session share it: the second gets what the first left', () => {
    expect(
      teachingHoursRoom({ sessionHours: 1.5, otherLessonsHere: 0, lengthHours: 2, elsewhereHours: 0 }).room,
    ).toBe(1.5);
    expect(
      teachingHoursRoom({ sessionHours: 1.5, otherLessonsHere: 1, lengthHours: 2, elsewhereHours: 0 }),
    ).toEqual({ sessionLeft: 0.5, lessonLeft: 2, room: 0.5 });
  });

  it('a lesson with 0.5 h left takes 0.5 h of a 1.5 h session', () => {
    expect(
      teachingHoursRoom({ sessionHours: 1.5, otherLessonsHere: 0, lengthHours: 2, elsewhereHours: 1.5 }),
    ).toEqual({ sessionLeft: 1.5, lessonLeft: 0.5, room: 0.5 });
  });

  it('a correction counts the lesson without its own record here; a full session or lesson leaves 0, never less', () => {
    // The lesson had 1.5 h here; correcting it, its own record is not "elsewhere" nor "other lessons".
    expect(
      teachingHoursRoom({ sessionHours: 1.5, otherLessonsHere: 0, lengthHours: 1.5, elsewhereHours: 0 }).room,
    ).toBe(1.5);
    expect(
      teachingHoursRoom({ sessionHours: 1, otherLessonsHere: 1.25, lengthHours: 2, elsewhereHours: 3 }),
    ).toEqual({ sessionLeft: 0, lessonLeft: 0, room: 0 });
  });
});
