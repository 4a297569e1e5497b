import { and, eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type FailedJob, roles } from '@tutoria/shared';
import { auditLog, jobs, lessons, notificationChannelSettings, users } from '../../db/schema/index.ts';
import { leftOutColumns, tableMeanings } from '../../lib/centre-export/export-tables.ts';
import { buildUser, sessionFor } from '../../../test/factories.ts';
import { buildClassroom, monday, refusesWithoutWriting, text } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const c = contract.operations;
let t: TestApp;
let admin: { publicKey: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db, { role: 'Admin', fullName: 'Ops Admin' });
  admin = { ...user, token: await sessionFor(t.db, user) };
});
afterAll(() => t.close());

const page = (where: unknown[] = [], size = 50, index = 1) =>
  ({ page: { index, size }, where, order: [] }) as never;
const ofKind = (kind: string) => [[{ column: 'kind', comparison: 'Equal', operand: kind }]];

/** A job kept as failed, as the queue leaves one that ran out of attempts. */
async function failedJob(kind: string, payload: object, failedAt = new Date(), lastError = 'boom') {
  const [row] = await t.db
    .insert(jobs)
    .values({ kind, payload, state: 'failed', attempts: 5, maxAttempts: 5, lastError, finishedAt: failedAt })
    .returning({ jobId: jobs.jobId });
  return row!.jobId;
}

const jobRow = async (jobId: string) => (await t.db.select().from(jobs).where(eq(jobs.jobId, jobId)))[0];

describe('failed background work', () => {
  it('lists failed jobs of every kind with what each concerned, newest failure first, by kind and in pages', async () => {
    // A delivery that fails for good at once: the webhook is switched off after it was queued.
    const student = await buildUser(t.db, { role: 'Student', fullName: 'Wen Li' });
    const studentToken = await sessionFor(t.db, student);
    const hook = await t.call(
      contract.notificationChannels.saveWebhook,
      { body: { webhookUrl: 'https://chat.example.test/hook', webhookStyle: 'slack' } },
      { token: admin.token },
    );
    expect(hook.statusCode, hook.body).toBe(200);
    const chose = await t.call(
      contract.notificationChannels.saveChoices,
      { body: { choices: [{ messageType: 'General', email: false, webhook: true }] } },
      { token: studentToken },
    );
    expect(chose.statusCode, chose.body).toBe(200);
    const sent = await t.call(
      contract.notifications.create,
      { body: { message: 'Centre closed', messageType: 'General', userPublicKeys: [student.publicKey] } as never },
      { token: admin.token },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await t.db.update(notificationChannelSettings).set({ webhookUrl: '' });
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.state, 'pending'), eq(jobs.kind, 'notification.deliver')));
    await t.jobs.drain();
    const [delivery] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notification.deliver'), eq(jobs.state, 'failed')));
    expect(delivery).toMatchObject({ attempts: 1, lastError: 'the group-chat webhook is not set up' });

    const start = monday(2) + 9 * 3600;
    const classroom = await buildClassroom(t, { times: [{ start, end: start + 3600 }], name: 'Algebra Ops' });
    const reminder = await failedJob(
      'reminders.send',
      { sessionId: classroom.sessionIds[0], start },
      new Date(Date.now() - 60_000),
      'mail server down',
    );
    const backup = await failedJob('backups.nightly', {}, new Date(Date.now() - 120_000), 'disk full');

    const res = await t.call(c.failedJobs, { body: page() }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { data: FailedJob[]; totalCount: number };
    expect(list.totalCount).toBe(3);
    expect(list.data.map((j) => j.jobId)).toEqual([delivery!.jobId, reminder, backup]);
    expect(list.data[0]).toMatchObject({
      kind: 'notification.deliver',
      subject: { person: 'Wen Li', channel: 'webhook', classroom: null, moment: null },
      attempts: 1,
      lastError: 'the group-chat webhook is not set up',
    });
    expect(list.data[1]).toMatchObject({
      kind: 'reminders.send',
      subject: { person: null, channel: null, classroom: 'Algebra Ops', moment: start },
      attempts: 5,
      maxAttempts: 5,
      lastError: 'mail server down',
    });
    expect(list.data[2]!.subject).toEqual({ person: null, channel: null, classroom: null, moment: null });

    const reminders = await t.call(c.failedJobs, { body: page(ofKind('reminders.send')) }, { token: admin.token });
    expect(reminders.json()).toMatchObject({ totalCount: 1, data: [{ jobId: reminder }] });
    const second = await t.call(c.failedJobs, { body: page([], 1, 2) }, { token: admin.token });
    expect(second.json()).toMatchObject({ totalCount: 3, data: [{ jobId: reminder }] });
  });

  it('retries a failed job: queued again now with its attempts reset, audited; it runs on the next drain', async () => {
    const jobId = await failedJob('backups.nightly', { note: 'retry me' });
    const res = await t.call(c.retryJob, { params: { jobId } }, { token: admin.token, language: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(text('jobRetried', {}, 'zh'));
    const row = await jobRow(jobId);
    expect(row).toMatchObject({ state: 'pending', attempts: 0, finishedAt: null, lockedBy: null });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, jobId));
    expect(audit).toMatchObject({ action: 'retry', entity: 'job', actorKey: admin.publicKey });
    expect(audit!.before).toMatchObject({ kind: 'backups.nightly', attempts: 5, lastError: 'boom' });
    // No longer in the list.
    const list = await t.call(c.failedJobs, { body: page(ofKind('backups.nightly')) }, { token: admin.token });
    expect(list.json().data.map((j: FailedJob) => j.jobId)).not.toContain(jobId);
  });

  it('discards a failed job for good, audited', async () => {
    const jobId = await failedJob('backups.nightly', { note: 'discard me' });
    const res = await t.call(c.discardJob, { params: { jobId } }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(text('jobDiscarded'));
    expect(await jobRow(jobId)).toBeUndefined();
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, jobId));
    expect(audit).toMatchObject({ action: 'discard', entity: 'job' });
  });

  it('refuses an unknown job, a job that is not failed and a malformed id, changing nothing', async () => {
    const [pending] = await t.db
      .insert(jobs)
      .values({ kind: 'backups.nightly', payload: {}, runAt: new Date(Date.now() + 86_400_000) })
      .returning({ jobId: jobs.jobId });
    for (const entry of [c.retryJob, c.discardJob]) {
      await refusesWithoutWriting(
        t,
        () => t.call(entry, { params: { jobId: '00000000-0000-4000-8000-000000000000' } }, { token: admin.token }),
        'FETCH_DATA_FAILED',
      );
      await refusesWithoutWriting(
        t,
        () => t.call(entry, { params: { jobId: pending!.jobId } }, { token: admin.token }),
        'CONFLICT',
        'jobNotFailed',
      );
      await refusesWithoutWriting(
        t,
        () => t.call(entry, { params: { jobId: 'not-a-uuid' } }, { token: admin.token }),
        'FAILED_VALIDATION',
      );
    }
    const zh = await t.call(c.retryJob, { params: { jobId: pending!.jobId } }, { token: admin.token, language: 'zh' });
    expect(zh.json().message).toBe(text('jobNotFailed', {}, 'zh'));
    const unknownColumn = await t.call(
      c.failedJobs,
      { body: { page: { index: 1, size: 10 }, where: [[{ column: 'payload', comparison: 'Equal', operand: 'x' }]], order: [] } as never },
      { token: admin.token },
    );
    expect(unknownColumn.statusCode).toBe(400);
  });

  it('is the Admin’s only: every other role is refused every endpoint', async () => {
    const jobId = await failedJob('backups.nightly', {});
    for (const role of roles.filter((r) => r !== 'Admin')) {
      const user = await buildUser(t.db, { role });
      const token = await sessionFor(t.db, user);
      for (const [entry, input] of [
        [c.failedJobs, { body: page() }],
        [c.retryJob, { params: { jobId } }],
        [c.discardJob, { params: { jobId } }],
        [c.exportCentre, {}],
      ] as const) {
        const refused = await t.call(entry, input as never, { token });
        expect(refused.statusCode, `${role} ${entry.name}`).toBe(403);
      }
    }
    expect(await jobRow(jobId)).toMatchObject({ state: 'failed' });
  });
});

describe('the centre’s export', () => {
  it('is one zip with every table as CSV, secrets left out, values as text, formulas neutralised, audited', async () => {
    const [lesson] = await t.db
      .insert(lessons)
      .values({
        name: '=HYPERLINK("http://x.test")',
        title: '-2+3, "quoted"\nline two',
        subTitle: '@sum',
        level: 'A1',
        baseType: 'General',
        teachingTimeInHour: '12345678.25',
        description: '中文 描述',
        createMoment: new Date('2026-03-01T08:30:00.123Z'),
      } as never)
      .returning();

    const res = await t.call(c.exportCentre, {}, { token: admin.token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tutoria-centre-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const csv = (name: string) => parseCsv(strFromU8(files[name]!).replace(/^\uFEFF/, ''));

    // Every table of the database, and the documentation.
    const { rows: tables } = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.length).toBeGreaterThan(40);
    for (const { table_name } of tables) expect(Object.keys(files), table_name).toContain(`${table_name}.csv`);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'columns.csv']));
    expect(Number(res.headers['x-total-rows'])).toBeGreaterThan(0);

    // Secrets: absent from the headers, and no password hash anywhere.
    for (const [table, columns] of Object.entries(leftOutColumns)) {
      const [header] = csv(`${table}.csv`);
      for (const column of Object.keys(columns)) expect(header, `${table}.${column}`).not.toContain(column);
    }
    const [hash] = await t.db.select({ h: users.passwordHash }).from(users).limit(1);
    for (const content of Object.values(files)) expect(strFromU8(content)).not.toContain(hash!.h);

    // A row round-trips: digits kept, time ISO 8601 UTC, formulas neutralised, quotes and newlines kept.
    const [header, ...rows] = csv('lessons.csv');
    const row = rows.find((r) => r[header!.indexOf('lesson_id')] === lesson!.lessonId)!;
    const value = (column: string) => row[header!.indexOf(column)];
    expect(value('teaching_time_in_hour')).toBe('12345678.25');
    expect(value('create_moment')).toBe('2026-03-01T08:30:00.123000Z');
    expect(value('name')).toBe(`'=HYPERLINK("http://x.test")`);
    expect(value('title')).toBe(`'-2+3, "quoted"\nline two`);
    expect(value('sub_title')).toBe(`'@sum`);
    expect(value('description')).toBe('中文 描述');

    // columns.csv documents every exported column of every file; the readme lists what is left out.
    const documented = csv('columns.csv');
    expect(documented[0]).toEqual(['file', 'column', 'type', 'nullable', 'table_meaning']);
    const lessonDocs = documented.filter((r) => r[0] === 'lessons.csv').map((r) => r[1]);
    expect(lessonDocs).toEqual(header);
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('users.password_hash');
    expect(readme).toContain(tableMeanings.lessons);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'centre')));
    expect(audit).toMatchObject({ actorKey: admin.publicKey });
    expect(audit!.after).toMatchObject({ tables: Object.keys(files).length - 2 });
  });
});

/** RFC 4180 with quoted fields holding commas, quotes and line breaks. */
function parseCsv(input: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && input[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
