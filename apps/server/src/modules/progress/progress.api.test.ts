import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CreateCoursePlanInput, type UpsertApplicationInput } from '@tutoria/shared';
import { classrooms } from '../../db/schema/index.ts';
import {
  buildClassroom,
  centre,
  type Centre,
  expectRefused,
  HOUR,
  monday,
  person,
  recordSession,
  refusesWithoutWriting,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Course plans and applications (issue 12): who reads and changes whose plan, refusals that write
 * nothing, actualHours from held sessions, the application pipeline and the exports read back.
 */
let t: TestApp;
let c: Centre;
const p = contract.progress;

const entry = (
  studentPublicKey: string,
  extra: Partial<CreateCoursePlanInput> = {},
): CreateCoursePlanInput => ({
  studentPublicKey,
  lessonType: 'A_LEVEL_Offline',
  sessionPerWeek: 2,
  lessonTopic: 'Pure mathematics',
  suggestedHours: 12.5,
  classType: 'Private',
  status: 'New',
  ...extra,
});

const application = (
  studentPublicKey: string,
  extra: Partial<UpsertApplicationInput> = {},
): UpsertApplicationInput => ({
  studentPublicKey,
  institutionType: 'University',
  institutionName: 'Imperial College London',
  programme: 'Mathematics BSc',
  deadline: '2027-01-15',
  status: 'Preparing',
  statusDate: '2026-09-01',
  ...extra,
});

async function addEntry(token: string, body: CreateCoursePlanInput) {
  const res = await t.call(p.createCoursePlan, { body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entry as {
    progressStageCoursePlanId: string;
    actualHours: number;
    suggestedHours: number;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
});
afterAll(() => t.close());

describe('who may read and change a course plan', () => {
  it('lets a consultant write their own students’ plans only; others answer as missing and nothing is written', async () => {
    const saved = await addEntry(c.consultant.token, entry(c.student.publicKey));
    expect(saved).toMatchObject({ suggestedHours: 12.5, actualHours: 0 });
    await refusesWithoutWriting(
      t,
      () => t.call(p.createCoursePlan, { body: entry(c.student3.publicKey) }, { token: c.consultant.token }),
      'FETCH_DATA_FAILED',
    );
    // Not a student at all: the same answer.
    await refusesWithoutWriting(
      t,
      () => t.call(p.createCoursePlan, { body: entry(c.teacher.publicKey) }, { token: c.admin.token }),
      'FETCH_DATA_FAILED',
    );
    const read = await t.call(
      p.studentCoursePlan,
      { body: { publicKey: c.student3.publicKey } },
      { token: c.consultant.token },
    );
    expectRefused(read, 'FETCH_DATA_FAILED');
  });

  it('lets a team leader and an admin write any student’s plan', async () => {
    await addEntry(c.leader.token, entry(c.student3.publicKey, { lessonTopic: 'Leader topic' }));
    await addEntry(c.admin.token, entry(c.student3.publicKey, { lessonTopic: 'Admin topic' }));
  });

  it('refuses roles without the permission', async () => {
    for (const who of [c.teacher, c.scheduler, c.finance, c.assistant, c.student]) {
      await refusesWithoutWriting(
        t,
        () => t.call(p.createCoursePlan, { body: entry(c.student.publicKey) }, { token: who.token }),
        'ACCESS_DENIED',
      );
    }
    for (const who of [c.teacher, c.finance, c.student]) {
      const res = await t.call(
        p.studentCoursePlan,
        { body: { publicKey: c.student.publicKey } },
        { token: who.token },
      );
      expectRefused(res, 'ACCESS_DENIED');
    }
    expectRefused(await t.call(p.mine, {}, { token: c.consultant.token }), 'ACCESS_DENIED');
  });

  it('shows a student their own plan only, read-only', async () => {
    const mine = await t.call(p.mine, {}, { token: c.student.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().student.publicKey).toBe(c.student.publicKey);
    expect(
      mine
        .json()
        .coursePlan.every((e: { studentPublicKey: string }) => e.studentPublicKey === c.student.publicKey),
    ).toBe(true);
    expect(mine.json().coursePlan.length).toBeGreaterThan(0);
    const other = await t.call(p.mine, {}, { token: c.student3.token });
    expect(
      other
        .json()
        .coursePlan.map((e: { lessonTopic: string }) => e.lessonTopic)
        .sort(),
    ).toEqual(['Admin topic', 'Leader topic']);
  });

  it('lists entries by studentPublicKey within the caller’s reach (POST get)', async () => {
    const where = (key: string) => ({
      page: { index: 1, size: 10 },
      where: [[{ column: 'studentPublicKey', comparison: 'Equal' as const, operand: key }]],
      order: [],
    });
    const own = await t.call(p.list, { body: where(c.student.publicKey) }, { token: c.consultant.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().totalCount).toBeGreaterThan(0);
    const foreign = await t.call(
      p.list,
      { body: where(c.student3.publicKey) },
      { token: c.consultant.token },
    );
    expect(foreign.json()).toEqual({ data: [], totalCount: 0 });
    const leader = await t.call(p.list, { body: where(c.student3.publicKey) }, { token: c.leader.token });
    expect(leader.json().totalCount).toBe(2);
    const junk = await t.call(p.list, { body: where('not-a-key') }, { token: c.leader.token });
    expect(junk.json()).toEqual({ data: [], totalCount: 0 });
  });
});

describe('changing and deleting entries', () => {
  it('changes an entry by upsert and refuses another student’s entry', async () => {
    const saved = await addEntry(c.consultant.token, entry(c.student2.publicKey));
    const res = await t.call(
      p.upsertCoursePlan,
      {
        body: {
          ...entry(c.student2.publicKey, { status: 'Review', suggestedHours: 20.25 }),
          progressStageCoursePlanId: saved.progressStageCoursePlanId,
        },
      },
      { token: c.consultant.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: text('coursePlanSaved'),
      entry: { status: 'Review', suggestedHours: 20.25 },
    });
    // The id of a student2 entry under another student's key: as if it did not exist.
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          p.upsertCoursePlan,
          {
            body: {
              ...entry(c.student.publicKey),
              progressStageCoursePlanId: saved.progressStageCoursePlanId,
            },
          },
          { token: c.consultant.token },
        ),
      'FETCH_DATA_FAILED',
    );
  });

  it('deletes within reach only', async () => {
    const foreign = await addEntry(c.leader.token, entry(c.student3.publicKey));
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          p.deleteCoursePlan,
          { body: { progressStageCoursePlanId: foreign.progressStageCoursePlanId } },
          { token: c.consultant.token },
        ),
      'FETCH_DATA_FAILED',
    );
    const own = await addEntry(c.consultant.token, entry(c.student.publicKey, { lessonTopic: 'To delete' }));
    const res = await t.call(
      p.deleteCoursePlan,
      { body: { progressStageCoursePlanId: own.progressStageCoursePlanId } },
      { token: c.consultant.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (
      (await t.db.execute(
        sql`select count(*)::int as n from course_plan_entries where progress_stage_course_plan_id = ${own.progressStageCoursePlanId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row!.n).toBe(0);
  });

  it('refuses bad input with clear texts and writes nothing', async () => {
    const bad: [Partial<CreateCoursePlanInput> & Record<string, unknown>, string][] = [
      [{ suggestedHours: -1 }, 'suggestedHours'],
      [{ suggestedHours: 1.234 }, 'suggestedHours'],
      [{ lessonTopic: '' }, 'lessonTopic'],
      [{ lessonTopic: 'x'.repeat(201) }, 'lessonTopic'],
      [{ lessonType: 'Cooking_Online' as never }, 'lessonType'],
      [{ status: 'Done' as never }, 'status'],
      [{ classType: 'Huge' as never }, 'classType'],
      [{ sessionPerWeek: 1.5 }, 'sessionPerWeek'],
      [{ actualHours: 3 }, 'actualHours'],
    ];
    for (const [change, field] of bad) {
      const res = await refusesWithoutWriting(
        t,
        () =>
          t.call(
            p.createCoursePlan,
            { body: { ...entry(c.student.publicKey), ...change } as never },
            { token: c.consultant.token },
          ),
        'FAILED_VALIDATION',
      );
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(change),
      ).toContain(field);
    }
    const zh = await t.call(
      p.createCoursePlan,
      { body: entry(c.student.publicKey, { suggestedHours: 1.234 }) },
      { token: c.consultant.token, language: 'zh' },
    );
    expect(zh.json().details[0].message).toBe(text('decimal', { attribute: '建议课时', places: 2 }, 'zh'));
  });
});

describe('actual hours', () => {
  it('sums the student’s held sessions of the lesson type, not absences, other types or sessions to come', async () => {
    const start = monday(-3) + 9 * HOUR;
    const times = [0, 1, 2, 3].map((i) => ({
      start: start + i * 24 * HOUR,
      end: start + i * 24 * HOUR + 90 * 60,
    }));
    const student = c.student2;
    const aLevel = await buildClassroom(t, { times, students: [student] });
    // Held with 60 recorded minutes; held with the booked 90; held but the student was absent; not held.
    await recordSession(t.db, aLevel.sessionIds[0]!, {
      teachingDay: true,
      confirmation: 'confirmedByTeacher',
    });
    await recordSession(t.db, aLevel.sessionIds[1]!, { confirmation: 'confirmedByTeacher' });
    await recordSession(t.db, aLevel.sessionIds[2]!, {
      presences: [{ student, isPresent: false }],
      confirmation: 'confirmedByTeacher',
    });
    const ielts = await buildClassroom(t, {
      times: [{ start: start + 5 * HOUR, end: start + 7 * HOUR }],
      students: [student],
    });
    await t.db
      .update(classrooms)
      .set({ lessonType: 'IELTS_Online' })
      .where(sql`${classrooms.classroomId} = ${ielts.classroomId}`);
    await recordSession(t.db, ielts.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });

    await addEntry(
      c.consultant.token,
      entry(student.publicKey, { lessonTopic: 'IELTS', lessonType: 'IELTS_Online' }),
    );
    const res = await t.call(
      p.studentCoursePlan,
      { body: { publicKey: student.publicKey } },
      { token: c.consultant.token },
    );
    const plan = res.json().coursePlan as { lessonType: string; actualHours: number }[];
    expect(plan.filter((e) => e.lessonType === 'A_LEVEL_Offline').map((e) => e.actualHours)).toEqual([2.5]);
    expect(plan.find((e) => e.lessonType === 'IELTS_Online')?.actualHours).toBe(2);
  });
});

describe('applications', () => {
  it('keeps the stages of an application and moves it forward only', async () => {
    const token = c.consultant.token;
    const created = await t.call(p.upsertApplication, { body: application(c.student.publicKey) }, { token });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().application.progressStageApplicationId as string;
    expect(created.json().application.stages).toEqual([{ status: 'Preparing', reachedOn: '2026-09-01' }]);

    const move = (status: UpsertApplicationInput['status'], statusDate?: string) =>
      t.call(
        p.upsertApplication,
        { body: application(c.student.publicKey, { progressStageApplicationId: id, status, statusDate }) },
        { token },
      );

    const submitted = await move('Submitted', '2026-10-01');
    expect(submitted.json().application).toMatchObject({
      status: 'Submitted',
      stages: [
        { status: 'Preparing', reachedOn: '2026-09-01' },
        { status: 'Submitted', reachedOn: '2026-10-01' },
      ],
    });
    const back = await refusesWithoutWriting(t, () => move('Preparing', '2026-10-02'), 'FAILED_VALIDATION');
    expect(back.json().details[0]).toMatchObject({ field: 'status' });
    await refusesWithoutWriting(t, () => move('Accepted', '2026-10-02'), 'FAILED_VALIDATION');
    const early = await refusesWithoutWriting(t, () => move('Interview', '2026-09-15'), 'FAILED_VALIDATION');
    expect(early.json().details[0]).toMatchObject({ field: 'statusDate' });
    expect((await move('Offer', '2026-11-01')).statusCode).toBe(200);
    const accepted = await move('Accepted', '2026-11-20');
    expect(accepted.json().application.stages.map((s: { status: string }) => s.status)).toEqual([
      'Preparing',
      'Submitted',
      'Offer',
      'Accepted',
    ]);
    await refusesWithoutWriting(t, () => move('Withdrawn', '2026-12-01'), 'FAILED_VALIDATION');

    const seen = await t.call(p.mine, {}, { token: c.student.token });
    expect(seen.json().applications[0]).toMatchObject({ progressStageApplicationId: id, status: 'Accepted' });
  });

  it('refuses bad application input, other students and deletes within reach', async () => {
    const token = c.consultant.token;
    for (const change of [
      { deadline: '2027-02-30' },
      { deadline: 'tomorrow' },
      { institutionName: '' },
      { programme: 'p'.repeat(201) },
      { status: 'Enrolled' },
      { institutionType: 'College' },
    ]) {
      await refusesWithoutWriting(
        t,
        () =>
          t.call(
            p.upsertApplication,
            { body: { ...application(c.student.publicKey), ...change } as never },
            { token },
          ),
        'FAILED_VALIDATION',
      );
    }
    await refusesWithoutWriting(
      t,
      () => t.call(p.upsertApplication, { body: application(c.student3.publicKey) }, { token }),
      'FETCH_DATA_FAILED',
    );
    const foreign = await t.call(
      p.upsertApplication,
      { body: application(c.student3.publicKey) },
      { token: c.leader.token },
    );
    const foreignId = foreign.json().application.progressStageApplicationId as string;
    await refusesWithoutWriting(
      t,
      () => t.call(p.deleteApplication, { body: { progressStageApplicationId: foreignId } }, { token }),
      'FETCH_DATA_FAILED',
    );
    const res = await t.call(
      p.deleteApplication,
      { body: { progressStageApplicationId: foreignId } },
      { token: c.leader.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (
      (await t.db.execute(
        sql`select count(*)::int as n from progress_application_stages where progress_stage_application_id = ${foreignId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row!.n).toBe(0);
  });
});

/** The cells of the first sheet of an XLSX file, row by row (shared and inline strings, numbers). */
function readXlsx(bytes: Uint8Array): (string | number)[][] {
  const files = unzipSync(bytes);
  const shared = files['xl/sharedStrings.xml']
    ? [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si>(.*?)<\/si>/gs)].map((m) =>
        [...m[1]!.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''),
      )
    : [];
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
    [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map((cell) => {
      const attributes = cell[1]!;
      const inner = cell[2] ?? '';
      const value = /<v>(.*?)<\/v>/s.exec(inner)?.[1];
      if (/t="s"/.test(attributes)) return shared[Number(value)]!;
      if (/t="inlineStr"/.test(attributes)) return /<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? '';
      if (/t="str"/.test(attributes)) return value ?? '';
      return Number(value);
    }),
  );
}

describe('exports', () => {
  async function download(format: 'xlsx' | 'csv', language: 'en' | 'zh', studentPublicKey: string) {
    const link = await t.call(
      p.exportLink,
      { body: { studentPublicKey, format } },
      { token: c.leader.token, language },
    );
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json().url as string;
    const res = await t.app.inject({ method: 'GET', url });
    return { res, url };
  }

  it('exports the plan as XLSX with headers in the asker’s language and number cells, once per link', async () => {
    const student = await person(t, 'Student');
    await addEntry(
      c.leader.token,
      entry(student.publicKey, { lessonTopic: 'Mechanics', suggestedHours: 10.5, sessionPerWeek: 3 }),
    );
    const { res, url } = await download('xlsx', 'en', student.publicKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Lesson type',
      'Topic',
      'Sessions per week',
      'Class type',
      'Status',
      'Suggested hours',
      'Actual hours',
    ]);
    expect(rows[1]).toEqual(['A-LEVEL (offline)', 'Mechanics', 3, 'Private', 'New', 10.5, 0]);
    // The link works once.
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(403);
    // Consultants may not export a student out of reach.
    const refused = await t.call(
      p.exportLink,
      { body: { studentPublicKey: student.publicKey, format: 'csv' } },
      { token: c.consultant.token },
    );
    expectRefused(refused, 'FETCH_DATA_FAILED');
  });

  it('exports CSV in UTF-8 with a BOM, Chinese headers, quoted fields and formulas kept as text', async () => {
    const student = c.student3;
    await addEntry(
      c.leader.token,
      entry(student.publicKey, { lessonTopic: 'Algebra, "hard" part', suggestedHours: 7 }),
    );
    await addEntry(
      c.leader.token,
      entry(student.publicKey, { lessonTopic: '=SUM(A1:A9)', suggestedHours: 0.25 }),
    );
    const { res } = await download('csv', 'zh', student.publicKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('课程类型,课程主题,每周课次,班型,状态,建议课时,实际课时');
    expect(lines).toContain('A-LEVEL (线下),"Algebra, ""hard"" part",2,一对一,新课,7,0');
    expect(lines).toContain("A-LEVEL (线下),'=SUM(A1:A9),2,一对一,新课,0.25,0");
  });

  it('refuses a made-up ticket', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${p.downloadExport.path}?ticket=nope` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(text('downloadLinkInvalid'));
  });
});
