import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { contract } from '@tutoria/shared';
import { classroomLessons, classrooms } from '../../src/db/schema/index.ts';
import { buildUser, sessionFor } from '../factories.ts';
import { buildClassroom, HOUR, monday } from '../scheduling-factories.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { addMoney, addOtherRows } from './fixture-money.ts';
import { addRecords } from './fixture-records.ts';
import {
  type ClassLabel,
  classLabels,
  classPlan,
  consultantOf,
  type Fixture,
  type FixtureClass,
  type FixtureUser,
  roleOf,
  type UserLabel,
  userLabels,
} from './model.ts';

/** One hour at `hour` on the Monday `weeks` from this one. */
const at = (weeks: number, hour: number) => ({
  start: monday(weeks) + hour * HOUR,
  end: monday(weeks) + (hour + 1) * HOUR,
});

async function buildUsers(t: TestApp) {
  const users = {} as Record<UserLabel, FixtureUser>;
  for (const [i, label] of userLabels.entries()) {
    const consultant = consultantOf[label] ?? null;
    const fullName = `Reach ${label}`;
    const built = await buildUser(t.db, {
      role: roleOf[label],
      fullName,
      emailAddress: `${label.toLowerCase()}@reach.example`,
      phoneNumber: `+44207000${String(i).padStart(4, '0')}`,
      consultantKey: consultant ? users[consultant].publicKey : undefined,
    });
    users[label] = { ...built, fullName, label, consultant, token: await sessionFor(t.db, built) };
  }
  return users;
}

async function buildClasses(t: TestApp, users: Record<UserLabel, FixtureUser>) {
  const built = {} as Record<ClassLabel, FixtureClass>;
  for (const label of classLabels) {
    const plan = classPlan[label];
    const times = [...plan.heldWeeks, 2].map((weeks) => at(weeks, plan.hour));
    const name = `Reach class ${label}`;
    const room = await buildClassroom(t, {
      times,
      teacher: users[plan.teacher],
      students: plan.students.map((s) => users[s]),
      room: `R-${label}`,
      name,
    });
    const lessonName = `Lesson ${label}`;
    const lessonTitle = `Title ${label}`;
    await t.db
      .update(classroomLessons)
      .set({ lessonName, lessonTitle })
      .where(eq(classroomLessons.classroomLessonId, room.lessonId));
    if (plan.assistant)
      await t.db
        .update(classrooms)
        .set({ assistantKey: users[plan.assistant].publicKey })
        .where(eq(classrooms.classroomId, room.classroomId));
    const sessions = times.map((time, i) => ({
      label: i < plan.heldWeeks.length ? `${label}${i + 1}` : `${label}f`,
      id: room.sessionIds[i]!,
      classroom: label,
      ...time,
      held: i < plan.heldWeeks.length,
    }));
    built[label] = {
      label,
      id: room.classroomId,
      name,
      teacher: plan.teacher,
      assistant: plan.assistant,
      students: plan.students,
      deleted: false,
      lessonId: room.lessonId,
      lessonName,
      lessonTitle,
      sessions,
    };
  }
  return built;
}

/** Builds the whole centre through the factories and the API (as the Admin), then disables D. */
export async function buildReachFixture(): Promise<Fixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-reach-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const users = await buildUsers(t);
  const classes = await buildClasses(t, users);
  const sessions = Object.values(classes).flatMap((c) => c.sessions);
  const labels = new Map<string, string>();
  for (const u of Object.values(users)) {
    labels.set(u.publicKey, u.label);
    labels.set(u.fullName, u.label);
  }
  for (const c of Object.values(classes)) {
    labels.set(c.id, c.label);
    labels.set(c.name, c.label);
    labels.set(c.lessonName, `lesson ${c.label}`);
    labels.set(c.lessonTitle, `lesson ${c.label}`);
  }
  for (const s of sessions) labels.set(s.id, s.label);
  const f: Fixture = {
    t,
    dataDir,
    users,
    classes,
    sessions,
    homeworks: [],
    exams: [],
    presences: [],
    homeworkFiles: [],
    parentLinks: [],
    deposits: [],
    transfers: [],
    sideCosts: [],
    creditAccounts: [],
    coursePlans: [],
    applications: [],
    notifications: [],
    teacherFees: [],
    settlements: [],
    contracts: [],
    survey: { answers: [] },
    labels,
    range: { start: monday(-3), end: monday(3) },
    future: { start: monday(1), end: monday(3) },
  };
  await addRecords(f);
  await addMoney(f);
  await addOtherRows(f);
  await disableClass(f, 'D');
  return f;
}

async function disableClass(f: Fixture, label: ClassLabel) {
  const res = await f.t.call(
    contract.classes.disable,
    { body: { classroomId: f.classes[label].id } },
    { token: f.users.Admin.token },
  );
  if (res.statusCode !== 200) throw new Error(`disable ${label}: ${res.body}`);
  f.classes[label].deleted = true;
}

export async function closeReachFixture(f: Fixture | undefined) {
  if (!f) return;
  await f.t.close();
  fs.rmSync(f.dataDir, { recursive: true, force: true });
}
