import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, permissionsOf, type RegisterUserInput, textSearchGroup } from '@tutoria/shared';
import { auditLog, authSessions, loginAttempts, studentProfiles, users } from '../../db/schema/index.ts';
import { transactionRunner } from '../../db/transaction.ts';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { signedHeaders } from '../../../test/signing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { userImageStore } from './user-images.ts';
import { createUsersService } from './users.service.ts';
import { accounts } from './users.module.ts';

const c = contract.users;
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let adminToken: string;
let consultant: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { role: 'Admin' });
  adminToken = await sessionFor(t.db, admin);
  consultant = await buildUser(t.db, { role: 'AcademicConsultant', fullName: 'Sophie Consultant' });
});
afterAll(() => t.close());

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const newStudent = (overrides: Partial<RegisterUserInput> = {}): RegisterUserInput => {
  const id = unique();
  return {
    fullName: `Student ${id}`,
    userName: `stu_${id}`,
    password: 'Start#2024',
    role: 'Student',
    phoneNumber: `+86139${String(seq).padStart(8, '0')}`,
    emailAddress: `stu_${id}@example.com`,
    ...overrides,
  };
};
const register = (body: RegisterUserInput, token = adminToken, language: 'en' | 'zh' = 'en') =>
  t.call(c.register, { body }, { token, language });
const login = (userName: string, password: string) =>
  t.call(contract.auth.login, { body: { userName, password } });
const fieldsOf = (res: { json(): { details?: { field: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.field);

describe('user/register', () => {
  it('creates a student with a consultant and a full profile; the student can sign in; it is audited without secrets', async () => {
    const body = newStudent({
      nickName: 'Lily',
      baseType: 'A_LEVEL',
      phoneNumber: '+86 139 1234 5678',
      consultant: consultant.publicKey,
      studentProfile: {
        birthday: '2008-04-12',
        school: 'Shanghai High School',
        grade: 'Year 11',
        abroadStudyDate: '2026-09-01',
        abroadGrade: 'Year 12',
        passportID: 'e12345678',
        passportExpireDate: '2031-05-30',
        targetUniversities: ['Imperial College London', 'UCL'],
        targetMajors: ['Computer Science'],
        targetHighSchools: [],
        targetSubjects: ['Mathematics', 'Physics'],
        subjectResults: [{ subject: 'Mathematics', result: 'A*' }],
        phaseOneGoal: 'IELTS 7.0',
        phaseOneAchievementDate: '2025-12-01',
        phaseTwoGoal: 'Offers from two target universities',
        phaseTwoAchievementDate: '2026-03-01',
        languageTest: 'IELTS',
        languageScores: { reading: 7.5, writing: 6.5, speaking: 6, listening: 8 },
      },
    });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const { user, message } = res.json();
    expect(message).toBe('Created successfully.');
    expect(user).toMatchObject({
      fullName: body.fullName,
      nickName: 'Lily',
      role: 'Student',
      isAdmin: false,
      baseType: 'A_LEVEL',
      phoneNumber: '+8613912345678',
      consultant: consultant.publicKey,
      consultantName: 'Sophie Consultant',
      status: 'active',
      archived: false,
      lastLogin: null,
    });
    expect(user.studentProfile).toMatchObject({
      birthday: '2008-04-12',
      passportID: 'E12345678',
      targetUniversities: ['Imperial College London', 'UCL'],
      targetSubjects: ['Mathematics', 'Physics'],
      subjectResults: [{ subject: 'Mathematics', result: 'A*' }],
      languageScores: { reading: 7.5, writing: 6.5, speaking: 6, listening: 8 },
    });
    expect((await login(body.userName, body.password)).statusCode).toBe(200);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.publicKey), eq(auditLog.action, 'user.create')));
    expect(audit).toMatchObject({ actorKey: admin.publicKey, entity: 'user', before: null });
    expect(audit!.after).toMatchObject({
      userName: body.userName,
      role: 'Student',
      consultant: consultant.publicKey,
    });
    expect(JSON.stringify(audit!.after)).not.toMatch(/argon|password/i);
  });

  it('is also served as auth_register', async () => {
    const res = await t.call(
      c.register,
      { body: newStudent() },
      { token: adminToken, path: 'auth_register' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.studentProfile).toMatchObject({ targetUniversities: [], birthday: null });
  });

  it('refuses a duplicate userName, email or phone (case-insensitive), naming the field, and writes nothing', async () => {
    const first = newStudent({ userName: `Dup_${unique()}`, emailAddress: `Dup.${unique()}@Example.com` });
    expect((await register(first)).statusCode).toBe(200);
    const before = await tableCounts(t.db);
    const sameName = await register(newStudent({ userName: first.userName.toLowerCase() }));
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: 'User name is already in use.',
      details: [{ field: 'userName', message: 'User name is already in use.' }],
    });
    const sameEmail = await register(newStudent({ emailAddress: first.emailAddress!.toUpperCase() }));
    expect(sameEmail.json().details).toEqual([
      { field: 'emailAddress', message: 'Email address is already in use.' },
    ]);
    const samePhone = await register(newStudent({ phoneNumber: first.phoneNumber!.replace('+86', '+86 ') }));
    expect(samePhone.json().details).toEqual([
      { field: 'phoneNumber', message: 'Phone number is already in use.' },
    ]);
    const zh = await register(newStudent({ userName: first.userName }), adminToken, 'zh');
    expect(zh.json().message).toBe('用户名已被使用。');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses bad input with SPEC §5 texts and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const base = newStudent();
    const cases: { body: unknown; field: string; message?: string }[] = [
      { body: { ...base, fullName: undefined }, field: 'fullName', message: 'Full name can not be empty.' },
      { body: { ...base, userName: '' }, field: 'userName', message: 'User name can not be empty.' },
      { body: { ...base, role: 5 }, field: 'role' },
      { body: { ...base, role: 'Wizard' }, field: 'role' },
      {
        body: { ...base, phoneNumber: '13800001111' },
        field: 'phoneNumber',
        message: 'must start with country code',
      },
      {
        body: { ...base, phoneNumber: '+86abc' },
        field: 'phoneNumber',
        message: 'must start with country code',
      },
      {
        body: { ...base, password: 'weakpass' },
        field: 'password',
        message:
          'Password needs an upper-case letter, a lower-case letter, a special character (# $ @ %) and a number.',
      },
      {
        body: { ...base, confirmPassword: 'Other#2024' },
        field: 'confirmPassword',
        message: 'must be same as password.',
      },
      {
        body: { ...base, fullName: 'x'.repeat(101) },
        field: 'fullName',
        message: 'Full name may not be longer than 100 characters.',
      },
      { body: { ...base, userName: 'has space' }, field: 'userName' },
      {
        body: { ...base, emailAddress: 'not-an-email' },
        field: 'emailAddress',
        message: 'Must be a valid email address.',
      },
      { body: { ...base, baseType: 'Cooking' }, field: 'baseType' },
      { body: { ...base, consultant: 'not-a-key' }, field: 'consultant' },
      { body: { ...base, imageUrl: 'https://evil.example/x.png' }, field: 'imageUrl' },
      { body: { ...base, isAdmin: true }, field: 'isAdmin', message: 'isAdmin is not an accepted field.' },
      { body: { ...base, studentProfile: { birthday: '2008-02-30' } }, field: 'studentProfile.birthday' },
      {
        body: { ...base, studentProfile: { favouriteColour: 'blue' } },
        field: 'studentProfile.favouriteColour',
      },
      {
        body: { ...base, studentProfile: { languageScores: { reading: 6.55 } } },
        field: 'studentProfile.languageScores.reading',
      },
      {
        body: { ...base, studentProfile: { targetUniversities: ['x'.repeat(201)] } },
        field: 'studentProfile.targetUniversities.0',
      },
      {
        body: { ...base, studentProfile: { targetSubjects: ['Cooking'] } },
        field: 'studentProfile.targetSubjects.0',
      },
    ];
    for (const { body, field, message } of cases) {
      const res = await register(body as RegisterUserInput);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('FAILED_VALIDATION');
      expect(fieldsOf(res)).toContain(field);
      if (message)
        expect(res.json().details.find((d: { field: string }) => d.field === field).message).toBe(message);
    }
    const zh = await register({ ...base, phoneNumber: '13800001111' }, adminToken, 'zh');
    expect(zh.json().message).toBe('必须以国家代码开头');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a consultant for staff, a profile for staff, a consultant who is not one, and an image never uploaded', async () => {
    const before = await tableCounts(t.db);
    const teacher = await t.db.select().from(users).where(eq(users.role, 'Admin')).limit(1);
    const cases = [
      {
        body: newStudent({ role: 'Teacher', consultant: consultant.publicKey }),
        field: 'consultant',
        message: 'Only a student can have a consultant.',
      },
      { body: newStudent({ role: 'Teacher', studentProfile: { school: 'X' } }), field: 'studentProfile' },
      {
        body: newStudent({ consultant: teacher[0]!.publicKey }),
        field: 'consultant',
        message: 'Consultant must be an active academic consultant.',
      },
      {
        body: newStudent({ imageUrl: '/api/v1/user/image/AAAAAAAAAAAAAAAAAAAAAAAA.png' }),
        field: 'imageUrl',
      },
    ];
    for (const { body, field, message } of cases) {
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('lets only an Admin create an Admin; a consultant creates only their own students', async () => {
    const leader = await buildUser(t.db, { role: 'TeamLeader', extraPermissions: ['users.manage'] });
    const leaderToken = await sessionFor(t.db, leader);
    const res = await register(newStudent({ role: 'Admin' }), leaderToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only an Admin can manage an Admin account.');
    expect((await register(newStudent({ role: 'Teacher' }), leaderToken)).statusCode).toBe(200);

    const consultantToken = await sessionFor(t.db, consultant);
    const own = await register(newStudent(), consultantToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().user.consultant).toBe(consultant.publicKey);
    const staff = await register(newStudent({ role: 'Teacher' }), consultantToken);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe('A consultant can only add and edit their own students.');
    const other = await buildUser(t.db, { role: 'AcademicConsultant' });
    const forOther = await register(newStudent({ consultant: other.publicKey }), consultantToken);
    expect(forOther.statusCode).toBe(400);
    expect(fieldsOf(forOther)).toEqual(['consultant']);
  });
});

describe('user/editUser', () => {
  it('edits fields and merges the Student profile; audits before and after of what changed', async () => {
    const created = (
      await register(newStudent({ studentProfile: { school: 'Old School', targetMajors: ['Law'] } }))
    ).json().user;
    const res = await t.call(
      c.edit,
      {
        body: {
          publicKey: created.publicKey,
          fullName: 'Renamed Student',
          nickName: null,
          consultant: consultant.publicKey,
          studentProfile: {
            grade: 'Year 12',
            targetMajors: ['Economics', 'Mathematics'],
            languageScores: { speaking: 7 },
          },
        },
      },
      { token: adminToken },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User edited successfully');
    const user = res.json().user;
    expect(user).toMatchObject({
      fullName: 'Renamed Student',
      nickName: null,
      consultant: consultant.publicKey,
      userName: created.userName,
    });
    expect(user.studentProfile).toMatchObject({
      school: 'Old School',
      grade: 'Year 12',
      targetMajors: ['Economics', 'Mathematics'],
      languageScores: { speaking: 7, reading: null },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.publicKey), eq(auditLog.action, 'user.edit')));
    expect(audit!.before).toMatchObject({ fullName: created.fullName, consultant: null });
    expect(audit!.after).toMatchObject({ fullName: 'Renamed Student', consultant: consultant.publicKey });
    expect(audit!.after).not.toHaveProperty('userName');

    const zh = await t.call(
      c.edit,
      { body: { publicKey: created.publicKey, fullName: '林小雨' } },
      { token: adminToken, language: 'zh' },
    );
    expect(zh.json().message).toBe('用户编辑成功');
  });

  it('is also served as edit_user; a password given there changes it and ends the user’s sessions', async () => {
    const body = newStudent();
    const created = (await register(body)).json().user;
    const token = (await login(body.userName, body.password)).json().access_token;
    const res = await t.call(
      c.edit,
      { body: { publicKey: created.publicKey, password: 'Changed#2024' } },
      { token: adminToken, path: 'edit_user' },
    );
    expect(res.statusCode).toBe(200);
    expect((await t.call(contract.auth.getUser, {}, { token })).statusCode).toBe(401);
    expect((await login(body.userName, body.password)).statusCode).toBe(400);
    expect((await login(body.userName, 'Changed#2024')).statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.publicKey), eq(auditLog.action, 'user.edit')));
    expect(audit!.after).toEqual({ password: 'changed' });
  });

  it('keeps uniqueness on edit, but a user may keep their own values', async () => {
    const a = (await register(newStudent())).json().user;
    const b = (await register(newStudent())).json().user;
    const own = await t.call(
      c.edit,
      { body: { publicKey: a.publicKey, userName: a.userName.toUpperCase(), emailAddress: a.emailAddress } },
      { token: adminToken },
    );
    expect(own.statusCode).toBe(200);
    const before = await tableCounts(t.db);
    const clash = await t.call(
      c.edit,
      { body: { publicKey: b.publicKey, userName: a.userName, phoneNumber: a.phoneNumber } },
      { token: adminToken },
    );
    expect(clash.statusCode).toBe(400);
    expect(fieldsOf(clash).sort()).toEqual(['phoneNumber', 'userName']);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses changing one’s own role and re-roling a consultant who has students', async () => {
    const own = await t.call(
      c.edit,
      { body: { publicKey: admin.publicKey, role: 'Teacher' } },
      { token: adminToken },
    );
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: 'You can not change your own role.',
      details: [{ field: 'role' }],
    });

    const busy = await buildUser(t.db, { role: 'AcademicConsultant' });
    await buildUser(t.db, { role: 'Student', consultantKey: busy.publicKey });
    const rerole = await t.call(
      c.edit,
      { body: { publicKey: busy.publicKey, role: 'Teacher' } },
      { token: adminToken },
    );
    expect(rerole.statusCode).toBe(400);
    expect(rerole.json().message).toBe(
      'This consultant still has students: give them another consultant first.',
    );
  });

  it('answers not found for an unknown publicKey', async () => {
    const res = await t.call(
      c.edit,
      { body: { publicKey: '00000000-0000-4000-8000-000000000000', fullName: 'X' } },
      { token: adminToken },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FETCH_DATA_FAILED');
  });
});

describe('user/resetPassword', () => {
  it('sets a new password, ends the user’s sessions, audits; also as reset_password', async () => {
    const body = newStudent();
    const created = (await register(body)).json().user;
    const token = (await login(body.userName, body.password)).json().access_token;
    const res = await t.call(
      c.resetPassword,
      { body: { publicKey: created.publicKey, password: 'Reset#2024', confirmPassword: 'Reset#2024' } },
      { token: adminToken, path: 'reset_password' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, message: 'password reset successfully' });
    expect((await t.call(contract.auth.getUser, {}, { token })).statusCode).toBe(401);
    expect((await login(body.userName, 'Reset#2024')).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.publicKey), eq(auditLog.action, 'user.resetPassword')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a weak or mismatched password and changes nothing', async () => {
    const created = (await register(newStudent())).json().user;
    const before = await tableCounts(t.db);
    const weak = await t.call(
      c.resetPassword,
      { body: { publicKey: created.publicKey, password: 'abc', confirmPassword: 'abc' } },
      { token: adminToken },
    );
    expect(weak.statusCode).toBe(400);
    expect(fieldsOf(weak)).toContain('password');
    const mismatch = await t.call(
      c.resetPassword,
      { body: { publicKey: created.publicKey, password: 'Reset#2024', confirmPassword: 'Reset#2025' } },
      { token: adminToken },
    );
    expect(mismatch.json().details).toEqual([
      { field: 'confirmPassword', message: 'must be same as password.' },
    ]);
    const missing = await t.call(
      c.resetPassword,
      { body: { publicKey: created.publicKey } as never },
      { token: adminToken },
    );
    expect(fieldsOf(missing).sort()).toEqual(['confirmPassword', 'password']);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('user/deleteUserByPublicKey', () => {
  it('deletes a user who owns nothing (with their login history and profile), keeps the audit trail; also as DELETE auth_delete', async () => {
    const body = newStudent({ studentProfile: { school: 'X' } });
    const created = (await register(body)).json().user;
    await login(body.userName, body.password);
    const res = await t.call(
      c.delete,
      { body: { publicKey: created.publicKey } },
      { token: adminToken, path: 'auth_delete' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, message: 'User deleted successfully' });
    expect(await t.db.select().from(users).where(eq(users.publicKey, created.publicKey))).toHaveLength(0);
    expect(
      await t.db.select().from(studentProfiles).where(eq(studentProfiles.userKey, created.publicKey)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(loginAttempts).where(eq(loginAttempts.userKey, created.publicKey)),
    ).toHaveLength(0);
    const trail = await t.call(
      c.auditTrail,
      { query: { publicKey: created.publicKey } },
      { token: adminToken },
    );
    expect(trail.json().data.map((e: { action: string }) => e.action)).toEqual([
      'user.delete',
      'user.create',
    ]);
    expect(trail.json().data[0].before).toMatchObject({ userName: body.userName });
    const again = await t.call(c.delete, { body: { publicKey: created.publicKey } }, { token: adminToken });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a consultant with students (suggesting archive) and oneself; nothing is deleted', async () => {
    const busy = await buildUser(t.db, { role: 'AcademicConsultant' });
    await buildUser(t.db, { role: 'Student', consultantKey: busy.publicKey });
    const before = await tableCounts(t.db);
    const owned = await t.call(c.delete, { body: { publicKey: busy.publicKey } }, { token: adminToken });
    expect(owned.statusCode).toBe(400);
    expect(owned.json()).toMatchObject({
      code: 'DELETE_FAILED',
      message: 'This user owns records (students) and can not be deleted: archive the user instead.',
    });
    const zh = await t.call(
      c.delete,
      { body: { publicKey: busy.publicKey } },
      { token: adminToken, language: 'zh' },
    );
    expect(zh.json().message).toBe('该用户拥有相关记录（学生），无法删除：请改为归档该用户。');
    const self = await t.call(c.delete, { body: { publicKey: admin.publicKey } }, { token: adminToken });
    expect(self.json()).toMatchObject({
      code: 'DELETE_FAILED',
      message: 'You can not delete, disable or archive your own account.',
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('lets only an Admin manage an Admin account', async () => {
    const other = await buildUser(t.db, { role: 'Admin' });
    const leader = await buildUser(t.db, { role: 'TeamLeader', extraPermissions: ['users.manage'] });
    const leaderToken = await sessionFor(t.db, leader);
    const before = await tableCounts(t.db);
    for (const [entry, body] of [
      [c.delete, { publicKey: other.publicKey }],
      [c.archive, { publicKey: other.publicKey }],
      [c.disable, { publicKey: other.publicKey }],
      [
        c.resetPassword,
        { publicKey: other.publicKey, password: 'Taken#2024', confirmPassword: 'Taken#2024' },
      ],
      [c.edit, { publicKey: other.publicKey, fullName: 'Hijacked' }],
    ] as const) {
      const res = await t.call(entry, { body } as never, { token: leaderToken });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an Admin can manage an Admin account.');
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('the last active Admin', () => {
  it('two Admins demoting each other at once: one wins, one active Admin remains', async () => {
    const lone = await createTestApp();
    try {
      const a = await buildUser(lone.db, { role: 'Admin' });
      const b = await buildUser(lone.db, { role: 'Admin' });
      const [ta, tb] = [await sessionFor(lone.db, a), await sessionFor(lone.db, b)];
      const results = await Promise.all([
        lone.call(c.edit, { body: { publicKey: b.publicKey, role: 'Teacher' } }, { token: ta }),
        lone.call(c.edit, { body: { publicKey: a.publicKey, role: 'Teacher' } }, { token: tb }),
      ]);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual([
        expect.stringMatching(/^(FAILED_VALIDATION|ACCESS_DENIED)$/),
      ]);
      const admins = await lone.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'Admin'), eq(users.status, 'active')));
      expect(admins).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });

  it('is never demoted, disabled, archived or deleted, even by an Admin acting from a stale session', async () => {
    const lone = await createTestApp();
    try {
      const only = await buildUser(lone.db, { role: 'Admin' });
      const service = createUsersService({
        db: lone.db,
        transaction: transactionRunner(lone.db, () => undefined),
        config: lone.config,
        auth: createAuthService({
          db: lone.db,
          transaction: transactionRunner(lone.db, () => undefined),
          events: lone.events,
          config: lone.config,
          store: lone.store,
          accounts,
        }),
        images: userImageStore('/nonexistent'),
      });
      // An Admin whose own demotion committed a moment ago still holds a resolved session.
      const stale = {
        publicKey: randomUUID(),
        sessionId: randomUUID(),
        role: 'Admin' as const,
        fullName: 'Stale',
        isAdmin: true,
        permissions: permissionsOf('Admin'),
      };
      const before = await tableCounts(lone.db);
      await expect(
        service.edit(stale, { publicKey: only.publicKey, role: 'Teacher' }),
      ).rejects.toMatchObject({
        code: 'FAILED_VALIDATION',
        options: { fields: [{ field: 'role', key: 'lastActiveAdmin' }] },
      });
      for (const attempt of [
        () => service.archive(stale, { publicKey: only.publicKey, archived: true }),
        () => service.disable(stale, { publicKey: only.publicKey, disabled: true }),
      ]) {
        await expect(attempt()).rejects.toMatchObject({
          code: 'UPDATE_FAILED',
          options: { text: { key: 'lastActiveAdmin' } },
        });
      }
      await expect(service.remove(stale, only.publicKey)).rejects.toMatchObject({
        code: 'DELETE_FAILED',
        options: { text: { key: 'lastActiveAdmin' } },
      });
      expect(await tableCounts(lone.db)).toEqual(before);
    } finally {
      await lone.close();
    }
  });
});

describe('archive, restore, disable, enable', () => {
  it('archiving ends the user’s sessions at once and refuses sign-in; restoring brings them back (also as archiveUser)', async () => {
    const body = newStudent();
    const created = (await register(body)).json().user;
    const token = (await login(body.userName, body.password)).json().access_token;
    const res = await t.call(
      c.archive,
      { body: { publicKey: created.publicKey } },
      { token: adminToken, path: 'archiveUser' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The user has been archived.',
      user: { status: 'archived', archived: true },
    });
    expect((await t.call(contract.auth.getUser, {}, { token })).statusCode).toBe(401);
    const sessions = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userKey, created.publicKey));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await login(body.userName, body.password)).statusCode).toBe(400);
    const disable = await t.call(
      c.disable,
      { body: { publicKey: created.publicKey } },
      { token: adminToken },
    );
    expect(disable.json()).toMatchObject({
      code: 'UPDATE_FAILED',
      message: 'This user is archived: restore the user first.',
    });

    const restored = await t.call(
      c.archive,
      { body: { publicKey: created.publicKey, archived: false } },
      { token: adminToken },
    );
    expect(restored.json()).toMatchObject({
      message: 'The user has been restored.',
      user: { status: 'active', archived: false },
    });
    expect((await login(body.userName, body.password)).statusCode).toBe(200);
    const trail = await t.call(
      c.auditTrail,
      { query: { publicKey: created.publicKey } },
      { token: adminToken },
    );
    expect(trail.json().data.slice(0, 2)).toMatchObject([
      {
        action: 'user.restore',
        before: { status: 'archived' },
        after: { status: 'active' },
        actor: { publicKey: admin.publicKey },
      },
      { action: 'user.archive', before: { status: 'active' }, after: { status: 'archived' } },
    ]);
  });

  it('disabling ends sessions at once; enabling lets the user in again', async () => {
    const body = newStudent();
    const created = (await register(body)).json().user;
    const token = (await login(body.userName, body.password)).json().access_token;
    expect(
      (await t.call(c.disable, { body: { publicKey: created.publicKey } }, { token: adminToken })).json().user
        .status,
    ).toBe('disabled');
    expect((await t.call(contract.auth.getUser, {}, { token })).statusCode).toBe(401);
    expect((await login(body.userName, body.password)).statusCode).toBe(400);
    const enabled = await t.call(
      c.disable,
      { body: { publicKey: created.publicKey, disabled: false } },
      { token: adminToken },
    );
    expect(enabled.json()).toMatchObject({
      message: 'The user has been enabled.',
      user: { status: 'active' },
    });
    expect((await login(body.userName, body.password)).statusCode).toBe(200);
  });

  it('refuses archiving or disabling oneself', async () => {
    for (const entry of [c.archive, c.disable]) {
      const res = await t.call(entry, { body: { publicKey: admin.publicKey } }, { token: adminToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You can not delete, disable or archive your own account.');
    }
  });
});

describe('user/all and the other lists', () => {
  it('pages, sorts and searches (original, capitalised, lower-case) with the total count; also as admin_users', async () => {
    const tag = `zq${unique()}`;
    for (let i = 0; i < 12; i++) {
      await register(
        newStudent({
          fullName: `${tag} Pupil ${String(i).padStart(2, '0')}`,
          baseType: i % 2 ? 'IELTS' : 'GCSE',
        }),
      );
    }
    const where = [
      textSearchGroup(['fullName', 'userName', 'phoneNumber', 'emailAddress'], tag.toUpperCase()),
    ];
    const page1 = await t.call(
      c.list,
      {
        query: {},
        body: { page: { index: 1, size: 5 }, where, order: [{ column: 'fullName', descending: false }] },
      },
      { token: adminToken },
    );
    expect(page1.statusCode).toBe(200);
    expect(page1.json().totalCount).toBe(12);
    expect(page1.json().data.map((u: { fullName: string }) => u.fullName)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `${tag} Pupil 0${i}`),
    );
    const page3 = await t.call(
      c.list,
      {
        query: {},
        body: { page: { index: 3, size: 5 }, where, order: [{ column: 'fullName', descending: false }] },
      },
      { token: adminToken, path: 'admin_users' },
    );
    expect(page3.json().data).toHaveLength(2);
    const filtered = await t.call(
      c.list,
      {
        query: {},
        body: {
          page: { index: 1, size: 50 },
          where: [
            ...where,
            [{ column: 'baseType', comparison: 'Equal', operand: 'IELTS' }],
            [{ column: 'role', comparison: 'Equal', operand: 'Student' }],
          ],
        },
      },
      { token: adminToken },
    );
    expect(filtered.json().totalCount).toBe(6);
    const beyond = await t.call(
      c.list,
      { query: {}, body: { page: { index: 9, size: 5 }, where } },
      { token: adminToken },
    );
    expect(beyond.json()).toEqual({ data: [], totalCount: 12 });
  });

  it('filters archived users and sorts by last login', async () => {
    const tag = `ar${unique()}`;
    const a = (await register(newStudent({ fullName: `${tag} A` }))).json().user;
    const bBody = newStudent({ fullName: `${tag} B` });
    const b = (await register(bBody)).json().user;
    await login(bBody.userName, bBody.password);
    await t.call(c.archive, { body: { publicKey: a.publicKey } }, { token: adminToken });
    const search = [{ column: 'fullName', comparison: 'Contains' as const, operand: tag }];
    const archived = await t.call(
      c.list,
      { query: {}, body: { where: [search, [{ column: 'archived', comparison: 'Equal', operand: true }]] } },
      { token: adminToken },
    );
    expect(archived.json().data.map((u: { publicKey: string }) => u.publicKey)).toEqual([a.publicKey]);
    const live = await t.call(
      c.list,
      { query: {}, body: { where: [search, [{ column: 'archived', comparison: 'Equal', operand: false }]] } },
      { token: adminToken },
    );
    expect(live.json().data.map((u: { publicKey: string }) => u.publicKey)).toEqual([b.publicKey]);
    expect(live.json().data[0].lastLogin).toBeGreaterThan(0);
    const byLogin = await t.call(
      c.list,
      { query: {}, body: { where: [search], order: [{ column: 'lastLogin', descending: true }] } },
      { token: adminToken },
    );
    expect(byLogin.json().data.map((u: { publicKey: string }) => u.publicKey)).toEqual([
      b.publicKey,
      a.publicKey,
    ]);
  });

  it('refuses an unknown column or a bad operand with INVALID_QUERY', async () => {
    const bad = await t.call(
      c.list,
      { query: {}, body: { where: [[{ column: 'passwordHash', comparison: 'Equal', operand: 'x' }]] } },
      { token: adminToken },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'INVALID_QUERY',
      message: 'The column "passwordHash" can not be used in this list.',
    });
    const operand = await t.call(
      c.list,
      { query: {}, body: { where: [[{ column: 'createMoment', comparison: 'Equal', operand: 'soon' }]] } },
      { token: adminToken },
    );
    expect(operand.json().code).toBe('INVALID_QUERY');
    const flag = await t.call(
      c.list,
      { query: { ignoreRoleFilter: 'maybe' as never }, body: {} },
      { token: adminToken },
    );
    expect(flag.json().code).toBe('FAILED_VALIDATION');
  });

  it('user/GetAllByRoleAndBaseType lists active users of the roles and base types by name (also user_by_base_type)', async () => {
    const tag = `rb${unique()}`;
    const t1 = (
      await register(newStudent({ fullName: `${tag} Teacher`, role: 'Teacher', baseType: 'IELTS' }))
    ).json().user;
    const t2 = (
      await register(newStudent({ fullName: `${tag} Teacher Two`, role: 'Teacher', baseType: 'SAT' }))
    ).json().user;
    const gone = (
      await register(newStudent({ fullName: `${tag} Gone`, role: 'Teacher', baseType: 'IELTS' }))
    ).json().user;
    await t.call(c.archive, { body: { publicKey: gone.publicKey } }, { token: adminToken });
    await register(newStudent({ fullName: `${tag} Student`, baseType: 'IELTS' }));
    const res = await t.call(
      c.byRoleAndBaseType,
      { body: { index: 1, size: 10, roles: ['Teacher'], baseTypes: ['IELTS', 'SAT'], fullName: tag } },
      { token: adminToken, path: 'user_by_base_type' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(2);
    expect(
      res
        .json()
        .data.map((u: { publicKey: string }) => u.publicKey)
        .sort(),
    ).toEqual([t1.publicKey, t2.publicKey].sort());
    const all = await t.call(
      c.byRoleAndBaseType,
      { body: { index: 1, size: -1, roles: [], baseTypes: [], fullName: tag } },
      { token: adminToken },
    );
    expect(all.json().totalCount).toBe(3);
    const bad = await t.call(
      c.byRoleAndBaseType,
      { body: { index: 1, size: 10, roles: ['Pirate'] } as never },
      { token: adminToken },
    );
    expect(bad.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'roles.0' }] });
  });

  it('user/getAcademicConsultants lists active consultants with their student counts (also getAcademicConsultants)', async () => {
    const c1 = await buildUser(t.db, { role: 'AcademicConsultant', fullName: 'Zed Consultant' });
    await buildUser(t.db, { role: 'Student', consultantKey: c1.publicKey });
    await buildUser(t.db, { role: 'Student', consultantKey: c1.publicKey });
    await buildUser(t.db, { role: 'AcademicConsultant', fullName: 'Zed Archived', status: 'archived' });
    const res = await t.call(
      c.consultants,
      { body: { fullName: 'zed' } },
      { token: adminToken, path: 'getAcademicConsultants' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        publicKey: c1.publicKey,
        fullName: 'Zed Consultant',
        nickName: null,
        userName: c1.userName,
        studentCount: 2,
      },
    ]);
    const empty = await t.call(c.consultants, { body: null as never }, { token: adminToken });
    expect(empty.statusCode).toBe(200);
  });

  it('GetCountOfEachRole counts users per role and state (also user/GetCountOfEachRole)', async () => {
    const res = await t.call(c.countOfEachRole, {}, { token: adminToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = await t.db.select().from(users);
    expect(body.total).toBe(rows.length);
    expect(body.roles).toHaveLength(8);
    const students = body.roles.find((r: { role: string }) => r.role === 'Student');
    expect(students.total).toBe(rows.filter((u) => u.role === 'Student').length);
    expect(students.archived).toBe(
      rows.filter((u) => u.role === 'Student' && u.status === 'archived').length,
    );
    const alias = await t.call(c.countOfEachRole, {}, { token: adminToken, path: 'user/GetCountOfEachRole' });
    expect(alias.json().total).toBe(body.total);
  });

  it('user/getUserByPublicKey answers one user with the profile', async () => {
    const created = (await register(newStudent({ studentProfile: { school: 'Fudan Affiliated' } }))).json()
      .user;
    const res = await t.call(c.get, { query: { publicKey: created.publicKey } }, { token: adminToken });
    expect(res.json()).toMatchObject({
      publicKey: created.publicKey,
      studentProfile: { school: 'Fudan Affiliated' },
    });
    const bad = await t.call(c.get, { query: { publicKey: 'nope' } }, { token: adminToken });
    expect(bad.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'publicKey' }] });
  });
});

describe('login history and audit trail', () => {
  it('lists sign-ins newest first with IP, browser and success; the last login date (also getLoginHistory)', async () => {
    const body = newStudent();
    const created = (await register(body)).json().user;
    await login(body.userName, 'Wrong#2024');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: {
        ...signedHeaders(),
        'content-type': 'application/json',
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      },
      payload: JSON.stringify({ userName: body.userName, password: body.password }),
    });
    const res = await t.call(
      c.loginHistory,
      { query: { publicKey: created.publicKey } },
      { token: adminToken, path: 'getLoginHistory' },
    );
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history.totalCount).toBe(2);
    expect(history.lastLogin).toBeGreaterThan(0);
    expect(history.data).toMatchObject([
      { success: true, browser: 'Chrome 124', ip: '127.0.0.1' },
      { success: false },
    ]);
    const paged = await t.call(
      c.loginHistory,
      { query: { publicKey: created.publicKey, index: 2, size: 1 } },
      { token: adminToken },
    );
    expect(paged.json()).toMatchObject({ totalCount: 2, data: [{ success: false }] });
  });

  it('keeps every change with who, when, before and after, readable by Admins only', async () => {
    const created = (await register(newStudent())).json().user;
    await t.call(c.edit, { body: { publicKey: created.publicKey, baseType: 'SAT' } }, { token: adminToken });
    const res = await t.call(
      c.auditTrail,
      { query: { publicKey: created.publicKey } },
      { token: adminToken },
    );
    expect(res.json()).toMatchObject({
      totalCount: 2,
      data: [
        {
          action: 'user.edit',
          before: { baseType: null },
          after: { baseType: 'SAT' },
          actor: { publicKey: admin.publicKey },
        },
        { action: 'user.create', before: null },
      ],
    });
    const leader = await buildUser(t.db, { role: 'TeamLeader' });
    const refused = await t.call(
      c.auditTrail,
      { query: { publicKey: created.publicKey } },
      { token: await sessionFor(t.db, leader) },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('extra permissions', () => {
  it('grants a user extra permissions with immediate effect, audited; never one’s own', async () => {
    const teacher = await buildUser(t.db, { role: 'Teacher' });
    const teacherToken = await sessionFor(t.db, teacher);
    const target = (await register(newStudent())).json().user;
    expect(
      (await t.call(c.auditTrail, { query: { publicKey: target.publicKey } }, { token: teacherToken }))
        .statusCode,
    ).toBe(403);
    const res = await t.call(
      c.setPermissions,
      {
        body: {
          publicKey: teacher.publicKey,
          permissions: ['users.readAudit', 'finance.read', 'users.readAudit'],
        },
      },
      { token: adminToken },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Updated successfully.',
      user: { extraPermissions: ['finance.read', 'users.readAudit'] },
    });
    const me = await t.call(contract.auth.getUser, {}, { token: teacherToken });
    expect(me.json().permissions).toContain('finance.read');
    // A teacher reaches no students yet (no classrooms): the audit of one answers not found, not refused.
    expect(
      (await t.call(c.auditTrail, { query: { publicKey: target.publicKey } }, { token: teacherToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call(c.auditTrail, { query: { publicKey: teacher.publicKey } }, { token: teacherToken }))
        .statusCode,
    ).toBe(200);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, teacher.publicKey), eq(auditLog.action, 'user.setPermissions')));
    expect(trail[0]).toMatchObject({
      before: { extraPermissions: [] },
      after: { extraPermissions: ['finance.read', 'users.readAudit'] },
    });

    const own = await t.call(
      c.setPermissions,
      { body: { publicKey: admin.publicKey, permissions: [] } },
      { token: adminToken },
    );
    expect(own.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: 'You can not change your own permissions.',
    });
    const unknown = await t.call(
      c.setPermissions,
      { body: { publicKey: teacher.publicKey, permissions: ['root.everything'] } as never },
      { token: adminToken },
    );
    expect(unknown.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      details: [{ field: 'permissions.0' }],
    });
    const revoked = await t.call(
      c.setPermissions,
      { body: { publicKey: teacher.publicKey, permissions: [] } },
      { token: adminToken },
    );
    expect(revoked.statusCode).toBe(200);
    expect(
      (await t.call(c.auditTrail, { query: { publicKey: teacher.publicKey } }, { token: teacherToken }))
        .statusCode,
    ).toBe(403);
  });
});
