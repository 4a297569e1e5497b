import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ListQueryInput, textSearchGroup, type UserListItem } from '@tutoria/shared';
import { loginAttempts, users } from '../../db/schema/index.ts';
import { buildUser, sessionFor } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The users list read in two parts (issue 31): the page's keys and the count from `users` alone (a
 * search matched once), the page's rows then read by key. Every shape the users page sends — a role,
 * live or archived, the search box in long and short texts, the consultant's name filtered and
 * sorted, the last sign-in sorted, pages up to the end and past it — answers exactly the rows and
 * total a plain reading of the same users gives, for a caller who sees everyone (one statement per
 * shape, kept prepared) and for a consultant (their scope, other staff's contacts hidden).
 */
const c = contract.users;
let t: TestApp;
type Built = Awaited<ReturnType<typeof buildUser>>;
let adminToken: string;
let consultantToken: string;
let consultant: Built;

interface Person {
  publicKey: string;
  fullName: string;
  nickName: string | null;
  userName: string;
  role: string;
  status: string;
  phoneNumber: string | null;
  emailAddress: string | null;
  consultantKey: string | null;
  createMoment: number;
  lastLogin: number | null;
}
const people: Person[] = [];
const DAY = 86_400;
const base = 1_780_000_000;

async function person(
  values: Partial<Person> & { fullName: string; role: string },
  index: number,
  loginAt?: number,
) {
  const createMoment = base + (index % 7 === 3 ? 5 : index) * DAY; // some share a moment: the key breaks the tie
  const built = await buildUser(t.db, {
    fullName: values.fullName,
    nickName: values.nickName ?? null,
    role: values.role as Built['role'],
    status: values.status ?? 'active',
    phoneNumber: values.phoneNumber ?? null,
    emailAddress: values.emailAddress ?? null,
    consultantKey: values.consultantKey ?? null,
    createMoment: new Date(createMoment * 1000),
  });
  if (loginAt !== undefined) {
    await t.db.insert(loginAttempts).values([
      { userKey: built.publicKey, userName: built.userName, success: true, at: new Date(loginAt * 1000) },
      {
        userKey: built.publicKey,
        userName: built.userName,
        success: false,
        at: new Date((loginAt + 50) * 1000),
      },
    ]);
  }
  people.push({
    publicKey: built.publicKey,
    fullName: values.fullName,
    nickName: values.nickName ?? null,
    userName: built.userName,
    role: values.role,
    status: values.status ?? 'active',
    phoneNumber: values.phoneNumber ?? null,
    emailAddress: values.emailAddress ?? null,
    consultantKey: values.consultantKey ?? null,
    createMoment,
    lastLogin: loginAt ?? null,
  });
  return built;
}

const first = ['Lin', 'Ada', 'Chen', 'Olivia', 'Noah', 'Mia', 'Leo', 'Zoe'];
const last = ['Brooks', 'Zhao', 'Linden', 'Park', 'Smith'];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.db, { role: 'Admin', fullName: 'Zed Admin' });
  adminToken = await sessionFor(t.db, admin);
  // The admin is in the list too.
  people.push({
    publicKey: admin.publicKey,
    fullName: 'Zed Admin',
    nickName: null,
    userName: admin.userName,
    role: 'Admin',
    status: 'active',
    phoneNumber: null,
    emailAddress: null,
    consultantKey: null,
    createMoment: Math.floor(
      (await t.db.select({ at: users.createMoment }).from(users)).at(0)!.at.getTime() / 1000,
    ),
    lastLogin: null,
  });
  consultant = await person(
    { fullName: 'Anna Consultant', role: 'AcademicConsultant', phoneNumber: '+8613900000001' },
    0,
  );
  const other = await person(
    { fullName: 'Bert Consultant', role: 'AcademicConsultant', emailAddress: 'bert@centre.example' },
    1,
  );
  await person(
    { fullName: 'Tess Teacher', role: 'Teacher', phoneNumber: '+8613900000002', nickName: 'Tess' },
    2,
    base + 40 * DAY,
  );
  for (let i = 0; i < 26; i++) {
    await person(
      {
        fullName: `${first[i % first.length]} ${last[i % last.length]}`,
        nickName: i % 4 === 0 ? `Kiddo${i}` : null,
        role: 'Student',
        status: i % 9 === 5 ? 'archived' : i % 11 === 7 ? 'disabled' : 'active',
        phoneNumber: i % 3 === 0 ? `+86139${String(1000 + i).padStart(8, '0')}` : null,
        emailAddress: i % 5 === 0 ? `pupil${i}@mail.example` : null,
        consultantKey: i % 3 === 2 ? null : i % 2 ? other.publicKey : consultant.publicKey,
      },
      i + 3,
      i % 4 === 1 ? base + (60 + i) * DAY : undefined,
    );
  }
  consultantToken = await sessionFor(t.db, consultant);
});
afterAll(() => t.close());

const nameOf = (key: string | null) => people.find((p) => p.publicKey === key)?.fullName ?? null;
const contains = (value: string | null, text: string) =>
  value !== null && value.toLowerCase().includes(text.toLowerCase());
type Order = { column: 'createMoment' | 'consultantName' | 'lastLogin'; descending: boolean };

/** The page a plain reading gives: filter, order (nulls as the engine puts them, the key last), page. */
function expected(seen: Person[], test: (p: Person) => boolean, order: Order, index: number, size: number) {
  const value = (p: Person) =>
    order.column === 'consultantName'
      ? nameOf(p.consultantKey)
      : order.column === 'lastLogin'
        ? p.lastLogin
        : p[order.column];
  const matched = seen.filter(test).sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const direction = order.descending ? -1 : 1;
    if (x !== y) {
      // Ascending: nulls first; descending: nulls last (the engine's `nulls first/last`).
      if (x === null) return -1 * (order.descending ? -1 : 1);
      if (y === null) return 1 * (order.descending ? -1 : 1);
      return (x < y ? -1 : 1) * direction;
    }
    return (a.publicKey < b.publicKey ? -1 : 1) * direction;
  });
  return {
    keys: matched.slice((index - 1) * size, index * size).map((p) => p.publicKey),
    total: matched.length,
  };
}

async function list(token: string, body: ListQueryInput, ignoreRoleFilter = false) {
  const res = await t.call(c.list, { query: { ignoreRoleFilter }, body }, { token });
  expect(res.statusCode).toBe(200);
  const answer = res.json() as { data: UserListItem[]; totalCount: number };
  return { keys: answer.data.map((u) => u.publicKey), total: answer.totalCount, data: answer.data };
}

const live = [{ column: 'archived', comparison: 'Equal' as const, operand: false }];
const students = [{ column: 'role', comparison: 'Equal' as const, operand: 'Student' }];
const SEARCHED = ['fullName', 'nickName', 'userName', 'phoneNumber', 'emailAddress'] as const;
const searchBox = (text: string) => textSearchGroup(SEARCHED, text);
const searchHit = (text: string) => (p: Person) => SEARCHED.some((column) => contains(p[column], text));
const newest: Order = { column: 'createMoment', descending: true };

describe('user/all in two parts (issue 31)', () => {
  it('pages the live students newest first, each page and its total as a plain reading gives them', async () => {
    const test = (p: Person) => p.role === 'Student' && p.status !== 'archived';
    for (const index of [1, 2, 3, 4, 5]) {
      const got = await list(adminToken, { page: { index, size: 5 }, where: [students, live] });
      const want = expected(people, test, newest, index, 5);
      expect(got.keys).toEqual(want.keys);
      expect(got.total).toBe(want.total);
    }
    // Past the end: no rows, the total still said.
    const beyond = await list(adminToken, { page: { index: 40, size: 5 }, where: [students, live] });
    expect(beyond).toMatchObject({ keys: [], total: expected(people, test, newest, 1, 5).total });
  });

  it('answers the search box in the five columns, long and short texts alike', async () => {
    for (const text of ['lin', 'LIN', 'li', 'n', 'kiddo', 'mail.example', '1390000', 'zz', 'linden zhao']) {
      for (const size of [4, 50]) {
        const got = await list(adminToken, { page: { index: 1, size }, where: [searchBox(text), live] });
        const want = expected(people, (p) => searchHit(text)(p) && p.status !== 'archived', newest, 1, size);
        expect({ text, size, ...got, data: undefined }).toEqual({ text, size, ...want, data: undefined });
      }
    }
    const second = await list(adminToken, { page: { index: 2, size: 3 }, where: [searchBox('lin')] });
    expect(second.keys).toEqual(expected(people, searchHit('lin'), newest, 2, 3).keys);
  });

  it("filters and sorts by the consultant's name, and sorts by the last sign-in", async () => {
    const byConsultant = await list(adminToken, {
      page: { index: 1, size: 50 },
      where: [[{ column: 'consultantName', comparison: 'Equal', operand: 'Bert Consultant' }]],
    });
    expect(byConsultant.keys).toEqual(
      expected(people, (p) => nameOf(p.consultantKey) === 'Bert Consultant', newest, 1, 50).keys,
    );
    const searchedConsultant = await list(adminToken, {
      page: { index: 1, size: 50 },
      where: [[{ column: 'consultantName', comparison: 'Contains', operand: 'anna' }], students],
    });
    expect(searchedConsultant.total).toBe(
      people.filter((p) => p.role === 'Student' && p.consultantKey === consultant.publicKey).length,
    );
    for (const order of [
      { column: 'consultantName', descending: false },
      { column: 'consultantName', descending: true },
      { column: 'lastLogin', descending: true },
      { column: 'lastLogin', descending: false },
    ] as Order[]) {
      for (const index of [1, 3]) {
        const got = await list(adminToken, { page: { index, size: 6 }, where: [live], order: [order] });
        const want = expected(people, (p) => p.status !== 'archived', order, index, 6);
        expect({ order, index, keys: got.keys, total: got.total }).toEqual({ order, index, ...want });
      }
    }
    const tess = (await list(adminToken, { page: { index: 1, size: 5 }, where: [searchBox('tess')] }))
      .data[0]!;
    expect(tess).toMatchObject({
      fullName: 'Tess Teacher',
      lastLogin: base + 40 * DAY,
      phoneVerified: false,
    });
    expect(tess.createMoment).toBe(base + 2 * DAY);
  });

  it('gives a consultant their own students and themself, and the staff directory without contacts', async () => {
    const mine = (p: Person) =>
      p.publicKey === consultant.publicKey ||
      (p.role === 'Student' && p.consultantKey === consultant.publicKey);
    for (const body of [
      { page: { index: 1, size: 4 }, where: [live] },
      { page: { index: 2, size: 4 }, where: [live] },
      { page: { index: 1, size: 50 }, where: [searchBox('li'), live] },
      { page: { index: 1, size: 50 }, where: [searchBox('linden')] },
    ] as ListQueryInput[]) {
      const where = body.where ?? [];
      const got = await list(consultantToken, body);
      const test = (p: Person) =>
        mine(p) &&
        (!where.some((g) => g === live) || p.status !== 'archived') &&
        where.filter((g) => g !== live).every((g) => searchHit(String(g[0]!.operand))(p));
      const want = expected(people, test, newest, body.page!.index!, body.page!.size!);
      expect({ keys: got.keys, total: got.total }).toEqual(want);
    }
    const directory = await list(
      consultantToken,
      { page: { index: 1, size: 100 }, where: [searchBox('consultant')] },
      true,
    );
    expect(directory.keys.sort()).toEqual(
      people
        .filter((p) => p.role === 'AcademicConsultant')
        .map((p) => p.publicKey)
        .sort(),
    );
    const bert = directory.data.find((u) => u.fullName === 'Bert Consultant')!;
    expect(bert.emailAddress).toBeNull();
    expect(bert.lastLogin).toBeNull();
    // A search on another staff member's hidden contact finds nothing: the value never leaves the database.
    const probe = await list(
      consultantToken,
      { page: { index: 1, size: 10 }, where: [searchBox('bert@centre')] },
      true,
    );
    expect(probe.total).toBe(0);
    const own = directory.data.find((u) => u.publicKey === consultant.publicKey)!;
    expect(own.phoneNumber).toBe('+8613900000001');
  });
});
