import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMessage } from '@tutoria/shared';
import {
  addSlots,
  centre,
  type Centre,
  createClass,
  DAY,
  HOUR,
  monday,
  refusesWithoutWriting,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** reminders (issue 12): an online class's meeting link, SPEC §5's url rule. */
let t: TestApp;
let c: Centre;
const cl = contract.classes;
const base = monday(3);
const at = (day: number, hour: number) => ({
  start: base + day * DAY + hour * HOUR,
  end: base + day * DAY + (hour + 1) * HOUR,
});
const LINK = 'https://meet.example.com/abc-defg';

beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
  await addSlots(
    t,
    c.teacher.token,
    [0, 1, 2].map((d) => ({ start: base + d * DAY + 8 * HOUR, end: base + d * DAY + 20 * HOUR })),
  );
});
afterAll(() => t.close());

const details = async (classroomId: string, token = c.admin.token) =>
  (await t.call(cl.get, { query: { classroomId } }, { token })).json();
const people = () => ({ teacher: c.teacher, students: [c.student] });

describe('the meeting link of an online class', () => {
  it('is kept on create and shown in class details and upcoming sessions, to the student too', async () => {
    const { classroomId } = await createClass(t, c.scheduler.token, people(), [at(0, 9)], {
      lessonType: 'IELTS_Online',
      meetingLink: `  ${LINK} `,
    });
    expect((await details(classroomId)).meetingLink).toBe(LINK);
    expect((await details(classroomId, c.student.token)).meetingLink).toBe(LINK);
    const upcoming = await t.call(
      cl.filteredByDate,
      { body: { start: base, end: base + DAY, teachersPublicKey: [c.teacher.publicKey] } },
      { token: c.student.token },
    );
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    expect(upcoming.json().data.map((s: { meetingLink: string | null }) => s.meetingLink)).toEqual([LINK]);
  });

  it('refuses an address that is not http(s), in the caller’s language, writing nothing', async () => {
    for (const [meetingLink, language] of [
      ['meet.example.com/abc', 'en'],
      ['ftp://example.com/x', 'zh'],
      ['javascript:alert(1)', 'en'],
    ] as const) {
      const res = await refusesWithoutWriting(
        t,
        () =>
          t.call(
            cl.create,
            {
              body: {
                studentsPublicKey: [c.student2.publicKey],
                teacherPublicKey: c.teacher.publicKey,
                lessons: [
                  {
                    lessonName: 'IELTS',
                    lessonTitle: 'Speaking',
                    lessonSubTitle: '',
                    lessonLevel: 'IELTS',
                    teachingLessonTimeInHour: '1',
                    description: '',
                  },
                ],
                classroomName: 'Bad link',
                classroomLevel: 'IELTS',
                classroomType: 'Private',
                lessonType: 'IELTS_Online',
                meetingLink,
                times: [at(1, 9)],
              },
            },
            { token: c.scheduler.token, language },
          ),
        'FAILED_VALIDATION',
      );
      expect(res.json().details).toEqual([
        {
          field: 'meetingLink',
          message: formatMessage(language, 'url', {
            attribute: language === 'en' ? 'Meeting link' : '会议链接',
          }),
        },
      ]);
    }
  });

  it('is edited, kept when not sent, cleared with null, and dropped for a class taught in a room', async () => {
    const { classroomId } = await createClass(t, c.scheduler.token, people(), [at(2, 9)], {
      lessonType: 'IELTS_Online',
      meetingLink: LINK,
    });
    const edit = async (extra: object) => {
      const d = await details(classroomId);
      const res = await t.call(
        cl.edit,
        {
          body: {
            classroomId,
            classroomName: d.classroomName,
            classroomLevel: d.classroomLevel,
            classroomType: d.classroomType,
            lessonType: d.lessonType,
            ...extra,
          },
        },
        { token: c.scheduler.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return (await details(classroomId)).meetingLink;
    };
    expect(await edit({ meetingLink: 'http://zoom.example.com/j/1' })).toBe('http://zoom.example.com/j/1');
    expect(await edit({})).toBe('http://zoom.example.com/j/1');
    expect(await edit({ meetingLink: null })).toBeNull();
    expect(await edit({ meetingLink: LINK })).toBe(LINK);
    expect(await edit({ lessonType: 'IELTS_Offline', meetingLink: LINK })).toBeNull();
    const offline = await createClass(
      t,
      c.scheduler.token,
      { teacher: c.teacher, students: [c.student3] },
      [at(2, 12)],
      {
        meetingLink: LINK,
      },
    );
    expect((await details(offline.classroomId)).meetingLink).toBeNull();
  });
});
