import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Role } from '@tutoria/shared';
import { loginAttempts, users } from '../../db/schema/index.ts';
import { buildUser, sessionFor } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Staff contact details (scope `staffContacts`, docs/decisions.md "Users"): a consultant, teacher
 * or assistant sees other staff members by name, role and picture only; their own record and the
 * students in their scope stay whole.
 */
const c = contract.users;
let t: TestApp;
let n = 0;

async function staff(role: Role, extra: Omit<Parameters<typeof buildUser>[1], 'role'> = {}) {
  n++;
  const user = await buildUser(t.db, {
    role,
    phoneNumber: `+4420700000${String(n).padStart(2, '0')}`,
    emailAddress: `${role.toLowerCase()}${n}@centre.example`,
    phoneVerifiedAt: new Date(),
    imageUrl: `/api/v1/user/image/${'a'.repeat(22)}${n}.png`,
    ...extra,
  });
  await t.db
    .insert(loginAttempts)
    .values({ userKey: user.publicKey, userName: user.userName, success: true, ip: '192.0.2.1' });
  return { ...user, token: await sessionFor(t.db, user) };
}
type Staff = Awaited<ReturnType<typeof staff>>;

let admin: Staff;
let teacher: Staff;
let consultant: Staff;
let assistant: Staff;
let student: Staff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staff('Admin', { extraPermissions: ['users.readAudit'] });
  teacher = await staff('Teacher', { extraPermissions: ['lessons.manage'] });
  consultant = await staff('AcademicConsultant');
  assistant = await staff('AssistantTeacher');
  student = await staff('Student', { consultantKey: consultant.publicKey, phoneVerifiedAt: null });
});
afterAll(() => t.close());

const get = async (caller: Staff, target: Staff) => {
  const res = await t.call(c.get, { query: { publicKey: target.publicKey } }, { token: caller.token });
  expect(res.statusCode).toBe(200);
  return res.json();
};

function expectPrivateHidden(user: Record<string, unknown>, target: Staff) {
  expect(user).toMatchObject({
    publicKey: target.publicKey,
    role: target.role,
    fullName: expect.any(String),
    imageUrl: expect.stringContaining('/api/v1/user/image/'),
    phoneNumber: null,
    phoneVerified: false,
    emailAddress: null,
    lastLogin: null,
    extraPermissions: [],
  });
}

function expectWhole(user: Record<string, unknown>) {
  expect(user.phoneNumber).toMatch(/^\+44/);
  expect(user.emailAddress).toMatch(/@centre\.example$/);
  expect(user.lastLogin).toEqual(expect.any(Number));
}

describe('staff contact details', () => {
  it('a teacher reads the Admin by name, role and picture only', async () => {
    expectPrivateHidden(await get(teacher, admin), admin);
  });

  it('the Admin reads the Admin, and every staff member, whole', async () => {
    const self = await get(admin, admin);
    expectWhole(self);
    expect(self.extraPermissions).toEqual(['users.readAudit']);
    const other = await get(admin, teacher);
    expectWhole(other);
    expect(other).toMatchObject({ phoneVerified: true, extraPermissions: ['lessons.manage'] });
  });

  it('a teacher reads themself whole', async () => {
    const self = await get(teacher, teacher);
    expectWhole(self);
    expect(self).toMatchObject({ phoneVerified: true, extraPermissions: ['lessons.manage'] });
  });

  it('a consultant reads other staff without contacts, and their own student whole', async () => {
    expectPrivateHidden(await get(consultant, teacher), teacher);
    expectPrivateHidden(await get(consultant, assistant), assistant);
    expectWhole(await get(consultant, student));
  });

  it('the staff directory (ignoreRoleFilter) and the pickers hide them the same way', async () => {
    const directory = (caller: Staff) => [
      t.call(
        c.list,
        { query: { ignoreRoleFilter: true }, body: { page: { index: 1, size: 100 } } },
        { token: caller.token },
      ),
      t.call(c.byRoleAndBaseType, { body: { size: 100 } }, { token: caller.token }),
    ];
    for (const [caller, others, whole] of [
      [consultant, [admin, teacher, assistant], [consultant, student]],
      [teacher, [admin, consultant, assistant], [teacher]],
    ] as const) {
      for (const res of await Promise.all(directory(caller))) {
        expect(res.statusCode).toBe(200);
        const rows: Record<string, unknown>[] = res.json().data;
        const row = (u: Staff) => rows.find((r) => r.publicKey === u.publicKey)!;
        for (const other of others) expectPrivateHidden(row(other), other);
        for (const user of whole) expectWhole(row(user));
      }
    }
    const asAdmin = await t.call(
      c.list,
      { query: {}, body: { page: { index: 1, size: 100 } } },
      { token: admin.token },
    );
    expectWhole(asAdmin.json().data.find((r: { publicKey: string }) => r.publicKey === teacher.publicKey));
  });

  it('can not be probed by filtering or sorting on the hidden columns', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.publicKey, admin.publicKey));
    const probe = (column: string, operand: string) =>
      t.call(
        c.list,
        {
          query: { ignoreRoleFilter: true },
          body: { page: { index: 1, size: 100 }, where: [[{ column, comparison: 'Contains', operand }]] },
        },
        { token: teacher.token },
      );
    for (const [column, operand] of [
      ['emailAddress', row!.emailAddress!],
      ['phoneNumber', row!.phoneNumber!],
    ] as const) {
      const res = await probe(column, operand);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((u: { publicKey: string }) => u.publicKey)).not.toContain(admin.publicKey);
    }
    const own = await probe('emailAddress', 'teacher');
    expect(own.json().data.map((u: { publicKey: string }) => u.publicKey)).toEqual([teacher.publicKey]);
  });
});
