import { fireEvent, screen, within } from '@testing-library/react';
import {
  type CurrentUser,
  type HomeworkCompletion,
  permissionsOf,
  type TeacherWorkload,
} from '@tutoria/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens, storeUser } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { HomeworkReport } from './homework-report';
import { WorkloadReport } from './workload-report';

const TINA = '00000000-0000-4000-8000-000000000006';
const TOM = '00000000-0000-4000-8000-000000000007';
const ALGEBRA = '00000000-0000-4000-8000-0000000000c1';
const BIOLOGY = '00000000-0000-4000-8000-0000000000c2';

const me: CurrentUser = {
  publicKey: '00000000-0000-4000-8000-000000000001',
  fullName: 'Admin',
  nickName: null,
  userName: 'admin',
  role: 'Admin',
  baseType: null,
  phoneNumber: null,
  emailAddress: null,
  consultant: null,
  isAdmin: true,
  imageUrl: null,
  createMoment: 1_700_000_000,
  status: 'active',
  permissions: [...permissionsOf('Admin')],
  lastLogin: null,
};

const homework: HomeworkCompletion = {
  from: '2025-03-01',
  to: '2025-03-31',
  classes: [
    {
      classroomId: BIOLOGY,
      classroomName: 'Biology',
      level: 'IELTS',
      lessonType: 'IELTS_Online',
      teacherPublicKey: TOM,
      teacherName: 'Teacher Tom',
      assigned: 3,
      done: 1,
      overdue: 2,
      completionPercent: 33,
    },
    {
      classroomId: ALGEBRA,
      classroomName: 'Algebra',
      level: 'A_LEVEL',
      lessonType: 'A_LEVEL_Offline',
      teacherPublicKey: TINA,
      teacherName: 'Teacher Tina',
      assigned: 5,
      done: 3,
      overdue: 1,
      completionPercent: 60,
    },
  ],
  teachers: [
    {
      teacherPublicKey: TINA,
      teacherName: 'Teacher Tina',
      classCount: 1,
      assigned: 5,
      done: 3,
      overdue: 1,
      completionPercent: 60,
    },
    {
      teacherPublicKey: TOM,
      teacherName: 'Teacher Tom',
      classCount: 1,
      assigned: 3,
      done: 1,
      overdue: 2,
      completionPercent: 33,
    },
  ],
  assigned: 8,
  done: 4,
  overdue: 3,
  completionPercent: 50,
};

const workload: TeacherWorkload = {
  from: '2025-03-03',
  to: '2025-03-16',
  weeks: ['2025-03-03', '2025-03-10'],
  teachers: [
    {
      teacherPublicKey: TINA,
      teacherName: 'Teacher Tina',
      heldHours: 2.5,
      bookedHours: 4.5,
      weeks: [
        { week: '2025-03-03', heldHours: 1.5, bookedHours: 1.5 },
        { week: '2025-03-10', heldHours: 1, bookedHours: 3 },
      ],
    },
  ],
  heldHours: 2.5,
  bookedHours: 4.5,
};

let calls: URL[] = [];

async function answer(raw: string): Promise<Response> {
  const url = new URL(raw, 'http://localhost');
  calls.push(url);
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (url.pathname.endsWith('Report/getHomeworkCompletion')) return json(homework);
  if (url.pathname.endsWith('Report/getTeacherWorkload')) return json(workload);
  if (url.pathname.endsWith('user/getuser')) return json(me);
  if (url.pathname.endsWith('user/GetAllByRoleAndBaseType')) return json({ data: [], totalCount: 0 });
  return json(testClientConfig());
}

beforeAll(async () => {
  vi.stubGlobal('fetch', vi.fn(answer));
  await loadClientConfig();
});
afterAll(() => vi.unstubAllGlobals());

/** A window of a phone or a desktop: the setup's `matchMedia` matches nothing, which hides every table cell. */
const setupMatchMedia = window.matchMedia;
function windowOf(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    ...setupMatchMedia(query),
    matches: query.includes('max-width') ? phone : true,
  })) as typeof setupMatchMedia;
}
afterEach(() => {
  window.matchMedia = setupMatchMedia;
});
beforeEach(() => {
  windowOf(false);
  calls = [];
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
  storeUser(me);
});

const asked = (path: string) =>
  Object.fromEntries(calls.find((c) => c.pathname.endsWith(path))!.searchParams);

describe('the homework-completion report', () => {
  it('asks for the URL’s filters and shows teachers and classes with floored percentages', async () => {
    const view = renderInApp(<HomeworkReport />, {
      url: `/admin/panel/reports/homework?from=2025-03-01&to=2025-03-31&level=IELTS&teacher=${TOM}&lessonType=bogus`,
    });
    const classes = await screen.findByTestId('homework-classes', undefined, { timeout: 10_000 });
    expect(asked('Report/getHomeworkCompletion')).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      level: 'IELTS',
      teacherPublicKey: TOM,
    });
    expect(screen.getByTestId('homework-total').textContent).toBe('4 of 8 done · 3 overdue · completion 50%');
    const biology = within(classes).getByText('Biology').closest('tr')!;
    expect(within(biology).getByText('33%')).toBeDefined();
    expect(within(screen.getByTestId('homework-teachers')).getByText('60%')).toBeDefined();
    // A class's name narrows the report to it, in the URL.
    fireEvent.click(within(classes).getByText('Algebra'));
    expect(view.search().get('class')).toBe(ALGEBRA);
    expect(view.search().get('level')).toBe('IELTS');
  });

  it('shows each class as a card on a phone (375 px)', async () => {
    windowOf(true);
    renderInApp(<HomeworkReport />, { url: '/admin/panel/reports/homework?from=2025-03-01&to=2025-03-31' });
    const card = (await screen.findByText('Biology', undefined, { timeout: 10_000 })).closest('li')!;
    for (const label of ['Assigned', 'Done', 'Overdue', 'Completion'])
      expect(within(card).getByText(label)).toBeDefined();
  });
});

describe('the teacher-workload report', () => {
  it('cuts a period past 26 weeks, and lists each teacher’s totals and weeks', async () => {
    renderInApp(<WorkloadReport />, { url: '/admin/panel/reports/workload?from=2025-03-03&to=2026-03-01' });
    const teachers = await screen.findByTestId('workload-teachers', undefined, { timeout: 10_000 });
    expect(asked('Report/getTeacherWorkload')).toEqual({ from: '2025-03-03', to: '2025-08-31' });
    const tina = within(teachers).getByText('Teacher Tina').closest('tr')!;
    expect(within(tina).getByText('2.5')).toBeDefined();
    expect(within(tina).getByText('4.5')).toBeDefined();
    const weeks = screen.getByTestId('workload-weeks');
    expect(within(weeks).getAllByRole('row')).toHaveLength(3);
    expect(within(weeks).getByText('2025-03-10')).toBeDefined();
  });
});
