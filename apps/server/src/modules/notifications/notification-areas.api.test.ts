import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { notifications } from '../../db/schema/index.ts';
import { createDeposit, depositBody } from '../../../test/finance-factories.ts';
import { notificationCount } from '../../../test/notification-factories.ts';
import { buildClassroom, DAY, HOUR, monday, type Person, person, recordSession } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Notifications made from the academic and finance areas' events (issue 12): after commit, for the
 * students concerned only, never for the person who acted.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
});
afterAll(() => t.close());

async function settle() {
  while ((await t.events.drain()) > 0);
}

async function madeSince(since: number) {
  const rows = await t.db.select().from(notifications).orderBy(notifications.seq).offset(since);
  return rows.map((r) => ({ userKey: r.userKey, key: r.messageKey, messageType: r.messageType, params: r.params }));
}

const past = monday(-1) + 9 * HOUR;

describe('academic records', () => {
  it('homework given tells each student of it; the teacher who gave it hears nothing', async () => {
    const built = await buildClassroom(t, { name: 'Physics Homework', times: [{ start: past, end: past + HOUR }] });
    await recordSession(t.db, built.sessionIds[0]!, { teachingDay: true });
    await settle();
    const since = await notificationCount(t.db);
    const given = await t.call(
      contract.academic.addHomework,
      {
        body: {
          sessionId: built.sessionIds[0]!,
          studentsPublicKey: built.students.map((s) => s.publicKey),
          subtitle: 'Page 12',
          deadLine: past + 3 * DAY,
          form: 'written',
        },
      },
      { token: built.teacher.token },
    );
    expect(given.statusCode, given.body).toBe(200);
    expect(await notificationCount(t.db)).toBe(since); // only after dispatch
    await settle();
    const made = await madeSince(since);
    expect(made).toHaveLength(built.students.length);
    expect(made).toEqual(
      built.students.map((s) =>
        expect.objectContaining({
          userKey: s.publicKey,
          key: 'academic.homeworkGiven',
          messageType: 'Academic',
          params: { classroom: 'Physics Homework', subtitle: 'Page 12' },
        }),
      ),
    );
  });
});

describe('finance', () => {
  it('a confirmed deposit tells its student, not the financial admin who confirmed it', async () => {
    const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const start = monday(2) + 9 * HOUR;
    const built = await buildClassroom(t, { name: 'Paid Class', students: [student], times: [{ start, end: start + HOUR }] });
    const depositId = await createDeposit(t, consultant.token, depositBody(student, built.classroomId));
    await settle();
    const since = await notificationCount(t.db);
    const confirmed = await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await settle();
    expect(await madeSince(since)).toEqual([
      { userKey: student.publicKey, key: 'finance.depositConfirmed', messageType: 'Financial', params: { classroom: 'Paid Class' } },
    ]);
  });
});
