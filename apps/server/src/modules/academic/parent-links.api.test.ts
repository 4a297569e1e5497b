import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMessage, type Language, type ParentLink, type ParentReport } from '@tutoria/shared';
import { classrooms, parentReportLinks } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { tableCounts } from '../../../test/factories.ts';
import { type Person, person } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { expectNothingOfSam, type GroupSession, groupSession } from './session-report.fixture.ts';

/**
 * Parent report links (issue 10, DESIGN §7): made by staff who reach the student, in a language
 * they choose or the parent's browser's (issue 27), opened without sign-in or signature, counted,
 * rate-limited per address, dead once expired or revoked (and saying so, in the reader's
 * language); a wrong id reveals nothing; a link of student A in a group class never shows B.
 */
let t: TestApp;
let g: GroupSession;
let admin: Person;
let leader: Person;
let otherTeacher: Person;
const OPENS_PER_MINUTE = 5;
beforeAll(async () => {
  t = await createTestApp({ PARENT_LINK_OPENS_PER_MINUTE: String(OPENS_PER_MINUTE) });
  admin = await person(t, 'Admin');
  leader = await person(t, 'TeamLeader');
  otherTeacher = await person(t, 'Teacher');
  g = await groupSession(t);
});
afterAll(() => t.close());

const c = contract.sessionReports;
let address = 0;
/** Each test opens from its own address, so the per-address limit is the rate-limit test's alone. */
const nextAddress = () => `10.0.0.${++address}`;

const create = (
  token: string,
  studentPublicKey = g.sara.publicKey,
  sessionId = g.sessionId,
  language?: Language | null,
) =>
  t.call(
    c.createParentLink,
    { body: { sessionId, studentPublicKey, ...(language !== undefined && { language }) } },
    { token },
  );

async function made(token = g.built.teacher.token, language?: Language | null) {
  const res = await create(token, g.sara.publicKey, g.sessionId, language);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    linkId: string;
    reportId: string;
    path: string;
    expiresAt: number;
    language: Language | null;
  };
}

/** The parent's browser: no signature headers, no token; its language when given. */
const open = (reportId: string, remoteAddress: string, language?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${c.parentReport.path}?reportId=${encodeURIComponent(reportId)}`,
    remoteAddress,
    headers: language ? { 'accept-language': language } : {},
  });

/** A dead link's answer: 404 FETCH_DATA_FAILED, its text saying why in the reader's language. */
async function expectDead(
  reportId: string,
  key: 'parentLinkExpired' | 'parentLinkWithdrawn' | 'parentLinkNotValid',
) {
  const from = nextAddress();
  for (const [header, language] of [
    ['en-GB,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
  ] as const) {
    const res = await open(reportId, from, header);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'FETCH_DATA_FAILED', message: formatMessage(language, key) });
    expect(Object.keys(res.json()).sort()).toEqual(['Message', 'code', 'isSuccess', 'message']);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expectNothingOfSam(res.body);
    expect(res.body).not.toContain('Sara');
  }
}

const linkRow = async (linkId: string) =>
  (await t.db.select().from(parentReportLinks).where(eq(parentReportLinks.linkId, linkId)))[0]!;

const list = (token: string, studentPublicKey = g.sara.publicKey) =>
  t.call(c.parentLinks, { query: { sessionId: g.sessionId, studentPublicKey } }, { token });

describe('making a link', () => {
  it('the teacher makes a link: 256 random bits, only the hash stored, expiring after PARENT_LINK_DAYS (14)', async () => {
    const before = Date.now();
    const link = await made();
    expect(link.reportId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/parent/report/${link.reportId}`);
    const row = await linkRow(link.linkId);
    expect(row).toMatchObject({
      reportHash: sha256(link.reportId),
      sessionId: g.sessionId,
      studentKey: g.sara.publicKey,
      createdBy: g.built.teacher.publicKey,
      openCount: 0,
      revokedAt: null,
    });
    const stored = (await t.db.execute(
      sql`select to_jsonb(k)::text as row from parent_report_links k`,
    )) as unknown as {
      rows: { row: string }[];
    };
    expect(stored.rows.map((r) => r.row).join()).not.toContain(link.reportId);
    const days = (row.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    expect(link.expiresAt).toBe(Math.floor(row.expiresAt.getTime() / 1000));
  });

  it('the assistant, the consultant, an Admin and a TeamLeader may; the spec spelling works too', async () => {
    for (const token of [g.built.assistant!.token, g.consultant.token, admin.token, leader.token])
      expect((await create(token)).statusCode).toBe(200);
    const alias = await t.call(
      c.createParentLink,
      { body: { sessionId: g.sessionId, studentPublicKey: g.sara.publicKey } },
      { token: admin.token, path: 'GenerateAndGetOneTimeLinkForSession' },
    );
    expect(alias.statusCode, alias.body).toBe(200);
  });

  it('refuses out of scope with 404, a student or finance with 403, a session not held yet, bad input; writes nothing', async () => {
    const finance = await person(t, 'FinancialAdmin');
    const cases = [
      [otherTeacher.token, g.sara.publicKey, g.sessionId, 404, 'FETCH_DATA_FAILED'],
      [g.consultant.token, g.sam.publicKey, g.sessionId, 404, 'FETCH_DATA_FAILED'],
      [g.otherConsultant.token, g.sara.publicKey, g.sessionId, 404, 'FETCH_DATA_FAILED'],
      [g.built.teacher.token, (await person(t, 'Student')).publicKey, g.sessionId, 404, 'FETCH_DATA_FAILED'],
      [g.sara.token, g.sara.publicKey, g.sessionId, 403, 'ACCESS_DENIED'],
      [finance.token, g.sara.publicKey, g.sessionId, 403, 'ACCESS_DENIED'],
      [g.built.teacher.token, g.sara.publicKey, g.futureSessionId, 400, 'FAILED_VALIDATION'],
      [g.built.teacher.token, 'nobody', g.sessionId, 400, 'FAILED_VALIDATION'],
    ] as const;
    for (const [token, student, session, status, code] of cases) {
      const before = await tableCounts(t.db);
      const res = await create(token, student, session);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await tableCounts(t.db)).toEqual(before);
    }
  });
});

describe('opening a link', () => {
  it('opens with no sign-in and no signature, counted each time; shows only that student', async () => {
    const link = await made();
    const from = nextAddress();
    const res = await open(link.reportId, from);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json() as ParentReport;
    expect(body).toMatchObject({
      centreName: t.config.centre.name,
      studentName: 'Sara Parentlink',
      expiresAt: link.expiresAt,
      report: { presence: { isPresent: true, feedback: 'Sara asked sharp questions' } },
    });
    expect(body.report.exams.map((e) => e.score)).toEqual([92.25]);
    expect(body.report.homeworks).toHaveLength(1);
    expectNothingOfSam(res.body);
    expect(res.body).not.toContain(g.sara.publicKey);
    expect((await open(link.reportId, from)).statusCode).toBe(200);
    const row = await linkRow(link.linkId);
    expect(row.openCount).toBe(2);
    expect(row.lastOpenedAt).not.toBeNull();
    const listed = (await list(g.built.teacher.token)).json().data as ParentLink[];
    expect(listed.find((l) => l.linkId === link.linkId)).toMatchObject({
      state: 'active',
      openCount: 2,
      createdByName: g.built.teacher.fullName,
      revokedAt: null,
    });
  });

  it("Sam's own link shows Sam, never Sara", async () => {
    const res = await create(g.built.teacher.token, g.sam.publicKey);
    const opened = await open(res.json().reportId as string, nextAddress());
    expect(opened.json().studentName).toBe('Sam Classmate');
    expect(opened.body).not.toContain('Sara');
  });

  it('a wrong id is "not valid", the same answer whatever was sent, in the reader\'s language; changes nothing', async () => {
    const link = await made();
    const before = await tableCounts(t.db);
    const from = nextAddress();
    const bodies = new Set<string>();
    const wrongs = [`${link.reportId.slice(0, -1)}x`, 'x', link.linkId, sha256(link.reportId)];
    for (const wrong of wrongs) {
      const res = await open(wrong, from);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
      bodies.add(res.body);
    }
    // The same answer whatever was sent: nothing tells a near miss from nonsense.
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!).message).toBe(formatMessage('en', 'parentLinkNotValid'));
    for (const wrong of wrongs) await expectDead(wrong, 'parentLinkNotValid');
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await linkRow(link.linkId)).openCount).toBe(0);
  });

  it('an expired link says it expired, in English and in Chinese, and counts nothing', async () => {
    const link = await made();
    await t.db
      .update(parentReportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(parentReportLinks.linkId, link.linkId));
    await expectDead(link.reportId, 'parentLinkExpired');
    expect((await linkRow(link.linkId)).openCount).toBe(0);
    const listed = (await list(admin.token)).json().data as ParentLink[];
    expect(listed.find((l) => l.linkId === link.linkId)?.state).toBe('expired');
  });

  it("a disabled class's link says the centre withdrew it, and opens again once the class is back", async () => {
    const link = await made();
    const { classroomId } = await linkRow(link.linkId);
    const [{ state }] = (await t.db
      .select({ state: classrooms.state })
      .from(classrooms)
      .where(eq(classrooms.classroomId, classroomId))) as [
      { state: (typeof classrooms.$inferSelect)['state'] },
    ];
    await t.db.update(classrooms).set({ state: 'Deleted' }).where(eq(classrooms.classroomId, classroomId));
    try {
      await expectDead(link.reportId, 'parentLinkWithdrawn');
    } finally {
      await t.db.update(classrooms).set({ state }).where(eq(classrooms.classroomId, classroomId));
    }
    expect((await open(link.reportId, nextAddress())).statusCode).toBe(200);
  });

  it('is rate-limited per address: past the limit REQUESTS_EXCEEDED, another address still opens', async () => {
    const link = await made();
    const from = nextAddress();
    for (let i = 0; i < OPENS_PER_MINUTE; i += 1)
      expect((await open(link.reportId, from)).statusCode).toBe(200);
    const limited = await open(link.reportId, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('REQUESTS_EXCEEDED');
    // Wrong ids count against the same limit (no guessing around it).
    expect((await open('guess', from)).statusCode).toBe(429);
    expect((await linkRow(link.linkId)).openCount).toBe(OPENS_PER_MINUTE);
    expect((await open(link.reportId, nextAddress())).statusCode).toBe(200);
  });
});

describe("the link's language (issue 27)", () => {
  it('staff choose English or Chinese: stored with the link, in its path as ?lang=, answered and listed', async () => {
    for (const language of ['zh', 'en'] as const) {
      const link = await made(g.built.teacher.token, language);
      expect(link.language).toBe(language);
      expect(link.path).toBe(`/parent/report/${link.reportId}?lang=${language}`);
      expect((await linkRow(link.linkId)).language).toBe(language);
      const listed = (await list(g.built.teacher.token)).json().data as ParentLink[];
      expect(listed.find((l) => l.linkId === link.linkId)?.language).toBe(language);
      // The report itself is the same whatever the link's language.
      const res = await open(link.reportId, nextAddress());
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ParentReport).studentName).toBe('Sara Parentlink');
    }
  });

  it("none chosen (left out, or null): stored as null, a path without ?lang=, the parent's browser decides", async () => {
    for (const language of [undefined, null]) {
      const link = await made(g.built.teacher.token, language);
      expect(link.language).toBeNull();
      expect(link.path).toBe(`/parent/report/${link.reportId}`);
      expect((await linkRow(link.linkId)).language).toBeNull();
    }
  });

  it('refuses a language other than en or zh, writing nothing', async () => {
    const before = await tableCounts(t.db);
    const res = await t.call(
      c.createParentLink,
      { body: { sessionId: g.sessionId, studentPublicKey: g.sara.publicKey, language: 'fr' as never } },
      { token: g.built.teacher.token },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('FAILED_VALIDATION');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('the database keeps only en, zh or null', async () => {
    const link = await made();
    await expect(
      t.db.update(parentReportLinks).set({ language: 'fr' }).where(eq(parentReportLinks.linkId, link.linkId)),
    ).rejects.toThrow();
    expect((await linkRow(link.linkId)).language).toBeNull();
  });
});

describe('listing and revoking', () => {
  it('a consultant in reach revokes: the link opens no more, the list says revoked; revoking again is harmless', async () => {
    const link = await made();
    const res = await t.call(
      c.revokeParentLink,
      { body: { linkId: link.linkId } },
      { token: g.consultant.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await linkRow(link.linkId);
    expect(row.revokedAt).not.toBeNull();
    expect(row.revokedBy).toBe(g.consultant.publicKey);
    // Withdrawn says so, even once it has expired too; it counts nothing.
    await expectDead(link.reportId, 'parentLinkWithdrawn');
    expect((await linkRow(link.linkId)).openCount).toBe(0);
    const listed = (await list(g.built.teacher.token)).json().data as ParentLink[];
    expect(listed.find((l) => l.linkId === link.linkId)?.state).toBe('revoked');
    const again = await t.call(c.revokeParentLink, { body: { linkId: link.linkId } }, { token: admin.token });
    expect(again.statusCode).toBe(200);
    expect((await linkRow(link.linkId)).revokedAt).toEqual(row.revokedAt);
  });

  it('out of reach: listing and revoking answer 404 and leave the link live', async () => {
    const link = await made();
    for (const token of [otherTeacher.token, g.otherConsultant.token]) {
      expect((await list(token)).statusCode).toBe(404);
      const res = await t.call(c.revokeParentLink, { body: { linkId: link.linkId } }, { token });
      expect(res.statusCode).toBe(404);
    }
    const unknown = await t.call(
      c.revokeParentLink,
      { body: { linkId: crypto.randomUUID() } },
      { token: admin.token },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await linkRow(link.linkId)).revokedAt).toBeNull();
    expect((await list(g.sara.token)).statusCode).toBe(403);
  });

  it('lists newest first, only that student', async () => {
    const listed = (await list(admin.token)).json() as { data: ParentLink[]; totalCount: number };
    expect(listed.totalCount).toBe(listed.data.length);
    const created = listed.data.map((l) => l.createMoment);
    expect(created).toEqual([...created].sort((x, y) => y - x));
    const rows = await t.db
      .select({ linkId: parentReportLinks.linkId })
      .from(parentReportLinks)
      .where(eq(parentReportLinks.studentKey, g.sara.publicKey));
    expect(listed.data.map((l) => l.linkId).sort()).toEqual(rows.map((r) => r.linkId).sort());
  });
});
