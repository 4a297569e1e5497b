import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import {
  addSlots,
  type Centre,
  centre,
  createClass,
  HOUR,
  monday,
  refusesWithoutWriting,
  text,
  WEEK,
  DAY,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { formatSpan } from './format.ts';

let t: TestApp;
let c: Centre;
beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
});
afterAll(() => t.close());

const tt = contract.timetable;
const span = (start: number, end: number) => formatSpan(start, end, t.config.timeZone);

async function timetableOf(token: string, start: number, end: number, admin = false) {
  const res = await t.call(admin ? tt.getForAdmin : tt.getForTeacher, { query: { start, end } }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    teacherPublicKey: string;
    teacherTimeTableId: string | null;
    lessonNames: string[];
    availableTimes: {
      availableTimeId: string;
      start: number;
      end: number;
      state: string;
      hasClassroom: boolean;
      sessions: unknown[];
    }[];
  }[];
}

describe('adding available times', () => {
  it('a teacher adds a one-off time to their own timetable and sees it', async () => {
    const start = monday(1) + 9 * HOUR;
    const [slot] = await addSlots(t, c.teacher.token, [{ start, end: start + 3 * HOUR }]);
    expect(slot).toMatchObject({ start, end: start + 3 * HOUR, seriesId: null });
    const [mine] = await timetableOf(c.teacher.token, monday(1), monday(2));
    expect(mine!.teacherPublicKey).toBe(c.teacher.publicKey);
    expect(mine!.availableTimes).toContainEqual(
      expect.objectContaining({
        availableTimeId: slot!.availableTimeId,
        state: 'Active',
        hasClassroom: false,
        sessions: [],
      }),
    );
  });

  it('repeats weekly until a date, as one series', async () => {
    const start = monday(1) + 14 * HOUR;
    const slots = await addSlots(t, c.teacher.token, [{ start, end: start + HOUR }], {
      repeatWeeklyUntil: start + 3 * WEEK + 1,
    });
    expect(slots.map((s) => s.start)).toEqual([start, start + WEEK, start + 2 * WEEK, start + 3 * WEEK]);
    expect(new Set(slots.map((s) => s.seriesId)).size).toBe(1);
    expect(slots[0]!.seriesId).not.toBeNull();
  });

  it('refuses a time overlapping another of the same teacher, naming it, and writes nothing', async () => {
    const start = monday(1) + 9 * HOUR;
    const res = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          tt.addAvailableTimes,
          { body: { times: [{ start: start + HOUR, end: start + 5 * HOUR }] } },
          { token: c.teacher.token },
        ),
      'CONFLICT',
    );
    expect(res.json().message).toBe(
      text('slotOverlap', { teacher: 'Teacher Tina', time: span(start, start + 3 * HOUR) }),
    );
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['times.0']);
  });

  it('refuses overlapping times within one request', async () => {
    const start = monday(2) + 9 * HOUR;
    const res = await t.call(
      tt.addAvailableTimes,
      {
        body: {
          times: [
            { start, end: start + 2 * HOUR },
            { start: start + HOUR, end: start + 3 * HOUR },
          ],
        },
      },
      { token: c.teacher.token },
    );
    expect(res.statusCode).toBe(409);
  });

  it('a scheduling admin adds times for any teacher; a teacher not for another one', async () => {
    const start = monday(1) + 9 * HOUR;
    await addSlots(t, c.scheduler.token, [{ start, end: start + 2 * HOUR }], {
      teacherPublicKey: c.teacher2.publicKey,
    });
    const res = await t.call(
      tt.addAvailableTimes,
      {
        body: {
          teacherPublicKey: c.teacher2.publicKey,
          times: [{ start: start + 5 * HOUR, end: start + 6 * HOUR }],
        },
      },
      { token: c.teacher.token },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FETCH_DATA_FAILED');
  });

  it('a scheduling admin must name the teacher; the key must be a teacher', async () => {
    const start = monday(3) + 9 * HOUR;
    const none = await t.call(
      tt.addAvailableTimes,
      { body: { times: [{ start, end: start + HOUR }] } },
      { token: c.scheduler.token },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a teacher');
    const student = await t.call(
      tt.addAvailableTimes,
      { body: { teacherPublicKey: c.student.publicKey, times: [{ start, end: start + HOUR }] } },
      { token: c.scheduler.token },
    );
    expect(student.statusCode).toBe(400);
    expect(student.json().code).toBe('FAILED_VALIDATION');
    expect(student.json().details.map((d: { field: string }) => d.field)).toEqual(['teacherPublicKey']);
  });

  it.each(['AssistantTeacher', 'Student', 'FinancialAdmin', 'AcademicConsultant', 'TeamLeader'] as const)(
    '%s may not change timetables',
    async (role) => {
      const who = {
        AssistantTeacher: c.assistant,
        Student: c.student,
        FinancialAdmin: c.finance,
        AcademicConsultant: c.consultant,
        TeamLeader: c.leader,
      }[role];
      const start = monday(3) + 9 * HOUR;
      const res = await t.call(
        tt.addAvailableTimes,
        { body: { teacherPublicKey: c.teacher.publicKey, times: [{ start, end: start + HOUR }] } },
        { token: who.token },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCESS_DENIED');
    },
  );

  it.each([
    ['end before start', [{ start: 2000, end: 1000 }], text('endAfterStart')],
    ['longer than 16 hours', [{ start: 0, end: 17 * HOUR }], text('timeTooLong', { hours: 16 })],
    ['no time at all', [], 'Please add time'],
  ])('refuses %s', async (_case, times, message) => {
    const res = await t.call(tt.addAvailableTimes, { body: { times } }, { token: c.teacher.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FAILED_VALIDATION', message });
  });

  it('answers in Chinese', async () => {
    const res = await t.call(
      tt.addAvailableTimes,
      { body: { times: [] } },
      { token: c.teacher.token, language: 'zh' },
    );
    expect(res.json().message).toBe('请添加时间');
  });
});

describe('reading timetables', () => {
  it('the admin call lists every active teacher; the teacher call only the caller', async () => {
    const all = await timetableOf(c.scheduler.token, monday(1), monday(2), true);
    const keys = all.map((x) => x.teacherPublicKey);
    expect(keys).toEqual(expect.arrayContaining([c.teacher.publicKey, c.teacher2.publicKey]));
    const mine = await timetableOf(c.teacher2.token, monday(1), monday(2));
    expect(mine.map((x) => x.teacherPublicKey)).toEqual([c.teacher2.publicKey]);
  });

  it('filters by teachers and lesson names', async () => {
    const edit = await t.call(
      tt.editTimeTable,
      { body: { lessonNames: ['Physics', 'Chemistry'] } },
      { token: c.teacher2.token },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const byName = await t.call(
      tt.getForAdmin,
      { query: { start: monday(1), end: monday(2), lessonNames: 'Physics' } },
      { token: c.leader.token },
    );
    expect(byName.json().map((x: { teacherPublicKey: string }) => x.teacherPublicKey)).toEqual([
      c.teacher2.publicKey,
    ]);
    const filtered = await t.call(
      tt.filteredByDate,
      { body: { start: monday(1), end: monday(2), teachersPublicKey: [c.teacher.publicKey] } },
      { token: c.scheduler.token },
    );
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().map((x: { teacherPublicKey: string }) => x.teacherPublicKey)).toEqual([
      c.teacher.publicKey,
    ]);
  });

  it('refuses a range that ends before it starts or spans more than 400 days', async () => {
    const bad = await t.call(tt.getForAdmin, { query: { start: 2000, end: 1000 } }, { token: c.admin.token });
    expect(bad.statusCode).toBe(400);
    const wide = await t.call(
      tt.getForAdmin,
      { query: { start: 0, end: 401 * DAY } },
      { token: c.admin.token },
    );
    expect(wide.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: text('rangeTooLong', { days: 400 }),
    });
  });

  it('derives the slot state: Full, has a classroom, Expired, Cancel', async () => {
    const teacher = c.teacher2;
    const base = monday(4);
    const [full, half, cancelled] = await addSlots(
      t,
      c.scheduler.token,
      [
        { start: base + 9 * HOUR, end: base + 10 * HOUR },
        { start: base + 11 * HOUR, end: base + 13 * HOUR },
        { start: base + 15 * HOUR, end: base + 16 * HOUR },
      ],
      { teacherPublicKey: teacher.publicKey },
    );
    const [past] = await addSlots(
      t,
      c.scheduler.token,
      [{ start: monday(-2) + 9 * HOUR, end: monday(-2) + 10 * HOUR }],
      {
        teacherPublicKey: teacher.publicKey,
      },
    );
    await createClass(t, c.scheduler.token, { teacher, students: [c.student3] }, [
      { start: base + 9 * HOUR, end: base + 10 * HOUR },
      { start: base + 11 * HOUR, end: base + 12 * HOUR },
    ]);
    await t.call(
      tt.cancelTime,
      { body: { availableTimeId: cancelled!.availableTimeId } },
      { token: teacher.token },
    );
    const [view] = await timetableOf(c.scheduler.token, monday(-2), monday(5), true).then((all) =>
      all.filter((x) => x.teacherPublicKey === teacher.publicKey),
    );
    const byId = new Map(view!.availableTimes.map((s) => [s.availableTimeId, s]));
    expect(byId.get(full!.availableTimeId)).toMatchObject({ state: 'Full', hasClassroom: true });
    expect(byId.get(half!.availableTimeId)).toMatchObject({ state: 'Active', hasClassroom: true });
    expect(byId.get(half!.availableTimeId)!.sessions).toEqual([
      expect.objectContaining({ studentNames: ['Student Sue'], state: 'waitingforclass' }),
    ]);
    expect(byId.get(cancelled!.availableTimeId)).toMatchObject({ state: 'Cancel', hasClassroom: false });
    expect(byId.get(past!.availableTimeId)).toMatchObject({ state: 'Expired', hasClassroom: false });
  });
});

describe('changing available times that hold sessions', () => {
  let slotId: string;
  let sessionId: string;
  let classroomId: string;
  const base = monday(6);
  const className = 'Slot holder';

  beforeAll(async () => {
    const [slot] = await addSlots(t, c.teacher.token, [{ start: base + 9 * HOUR, end: base + 12 * HOUR }]);
    slotId = slot!.availableTimeId;
    const made = await createClass(
      t,
      c.scheduler.token,
      { teacher: c.teacher, students: [c.student] },
      [{ start: base + 10 * HOUR, end: base + 11 * HOUR }],
      { classroomNumber: 'R-6', classroomName: className },
    );
    sessionId = made.sessionIds[0]!;
    classroomId = made.classroomId;
  });

  it('another teacher can not touch the slot: it does not exist for them', async () => {
    for (const [endpoint, body] of [
      [tt.cancelTime, { availableTimeId: slotId }],
      [tt.removeAvailableTime, { availableTimeId: slotId }],
      [tt.editStartOrEnd, { availableTimeId: slotId, start: base, end: base + HOUR }],
    ] as const) {
      const res = await t.call(endpoint, { body: body as never }, { token: c.teacher2.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
  });

  it('cancel, remove and shrink are refused while a future session uses it, naming the session', async () => {
    for (const [endpoint, body] of [
      [tt.cancelTime, { availableTimeId: slotId }],
      [tt.removeAvailableTime, { availableTimeId: slotId }],
      [tt.editStartOrEnd, { availableTimeId: slotId, start: base + 10 * HOUR + 1800, end: base + 12 * HOUR }],
    ] as const) {
      const res = await refusesWithoutWriting(
        t,
        () => t.call(endpoint, { body: body as never }, { token: c.teacher.token }),
        'CONFLICT',
      );
      expect(res.json().message).toBe(
        text('slotInUse', { classroom: className, time: span(base + 10 * HOUR, base + 11 * HOUR) }),
      );
    }
  });

  it('growing the slot or moving it with its sessions works; the session moves by the same amount', async () => {
    const grow = await t.call(
      tt.editStartOrEnd,
      { body: { availableTimeId: slotId, start: base + 8 * HOUR, end: base + 12 * HOUR } },
      { token: c.teacher.token },
    );
    expect(grow.statusCode, grow.body).toBe(200);
    expect(grow.json().sessionIds).toEqual([]);
    const move = await t.call(
      tt.editStartOrEnd,
      {
        body: {
          availableTimeId: slotId,
          start: base + DAY + 8 * HOUR,
          end: base + DAY + 12 * HOUR,
          moveSessions: true,
        },
      },
      { token: c.teacher.token },
    );
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json().sessionIds).toEqual([sessionId]);
    const details = await t.call(
      contract.classes.get,
      { query: { classroomId } },
      { token: c.scheduler.token },
    );
    const session = details.json().times[0];
    expect(session).toMatchObject({ start: base + DAY + 10 * HOUR, end: base + DAY + 11 * HOUR });
    // A change made by the teacher: the scheduling admin has to confirm it.
    expect(session).toMatchObject({
      changesConfirmedByTeacher: true,
      changesConfirmedBySchedulingAdmin: false,
    });
  });

  it('moving with sessions is refused when a moved session would clash with a student, naming them', async () => {
    const other = monday(6) + 2 * DAY;
    await addSlots(t, c.teacher2.token, [{ start: other + 10 * HOUR, end: other + 11 * HOUR }]);
    await createClass(t, c.scheduler.token, { teacher: c.teacher2, students: [c.student] }, [
      { start: other + 10 * HOUR, end: other + 11 * HOUR },
    ]);
    const res = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          tt.editStartOrEnd,
          {
            body: {
              availableTimeId: slotId,
              start: other + 8 * HOUR,
              end: other + 12 * HOUR,
              moveSessions: true,
            },
          },
          { token: c.teacher.token },
        ),
      'CONFLICT',
    );
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['sessions.0']);
    expect(res.json().message).toContain('Student Sara');
  });

  it('cancelling with cancelSessions cancels the future session in the same action', async () => {
    const res = await t.call(
      tt.cancelTime,
      { body: { availableTimeId: slotId, cancelSessions: true } },
      { token: c.scheduler.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessionIds).toEqual([sessionId]);
    const details = await t.call(
      contract.classes.get,
      { query: { classroomId } },
      { token: c.scheduler.token },
    );
    expect(details.json().times[0]).toMatchObject({
      state: 'canceled',
      changesConfirmedBySchedulingAdmin: true,
      changesConfirmedByTeacher: false,
    });
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          tt.editStartOrEnd,
          { body: { availableTimeId: slotId, start: base, end: base + HOUR } },
          { token: c.teacher.token },
        ),
      'FAILED_VALIDATION',
      'slotCancelled',
    );
  });

  it('removing a slot with a past session is refused; cancelling it is allowed', async () => {
    const past = monday(-1) + 9 * HOUR;
    const [slot] = await addSlots(t, c.teacher.token, [{ start: past, end: past + 2 * HOUR }]);
    const pastClass = { classroomName: 'Past class' };
    await createClass(
      t,
      c.scheduler.token,
      { teacher: c.teacher, students: [c.student2] },
      [{ start: past, end: past + HOUR }],
      pastClass,
    );
    const remove = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          tt.removeAvailableTime,
          { body: { availableTimeId: slot!.availableTimeId, cancelSessions: true } },
          { token: c.teacher.token },
        ),
      'CONFLICT',
    );
    expect(remove.json().message).toBe(
      text('slotHasHistory', { classroom: pastClass.classroomName, time: span(past, past + HOUR) }),
    );
    const cancel = await t.call(
      tt.cancelTime,
      { body: { availableTimeId: slot!.availableTimeId } },
      { token: c.teacher.token },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('removes a free slot, and a series from one slot on', async () => {
    const start = monday(8) + 9 * HOUR;
    const series = await addSlots(t, c.teacher.token, [{ start, end: start + HOUR }], {
      repeatWeeklyUntil: start + 4 * WEEK,
    });
    const res = await t.call(
      tt.removeAvailableTime,
      { body: { availableTimeId: series[1]!.availableTimeId, following: true } },
      { token: c.teacher.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().availableTimeIds.sort()).toEqual(
      series
        .slice(1)
        .map((s) => s.availableTimeId)
        .sort(),
    );
    const [mine] = await timetableOf(c.teacher.token, monday(8), monday(13));
    expect(mine!.availableTimes.map((s) => s.availableTimeId)).toEqual([series[0]!.availableTimeId]);
  });

  it('an unknown slot answers FETCH_DATA_FAILED', async () => {
    const res = await t.call(
      tt.cancelTime,
      { body: { availableTimeId: '00000000-0000-4000-8000-000000000000' } },
      { token: c.admin.token },
    );
    expect(res.statusCode).toBe(404);
  });
});
