import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import {
  type CurrentUser,
  permissionsOf,
  type Role,
  type StudentOverview,
  type StudentPageSections,
} from '@tutoria/shared';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens, storeUser } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { paths } from '@/lib/paths';
import { testClientConfig } from '../../../../test/client-config';
import { AdminStudentPage, OwnStudentPage } from './student-page';

// The calendar (FullCalendar) is the schedule's own, under its own tests; here it only has to be there.
vi.mock('@/features/schedule', () => ({
  ScheduleCalendar: ({ ariaLabel }: { ariaLabel?: string }) => <div role="region" aria-label={ariaLabel} />,
}));

const STUDENT = '00000000-0000-4000-8000-000000000008';
const CONSULTANT = '00000000-0000-4000-8000-000000000005';
const CLASSROOM = '00000000-0000-4000-8000-0000000000c1';

function user(role: Role, publicKey: string): CurrentUser {
  return {
    publicKey,
    fullName: role,
    nickName: null,
    userName: role.toLowerCase(),
    role,
    baseType: null,
    phoneNumber: null,
    emailAddress: null,
    consultant: null,
    isAdmin: role !== 'Student',
    imageUrl: null,
    createMoment: 1_700_000_000,
    status: 'active',
    permissions: [...permissionsOf(role)],
    lastLogin: null,
  };
}

const all: StudentPageSections = {
  week: true,
  money: true,
  academic: true,
  progress: true,
  surveys: true,
  logins: true,
};

function overview(sections: StudentPageSections): StudentOverview {
  return {
    student: {
      publicKey: STUDENT,
      fullName: 'Lucas Huang',
      nickName: '黄乐天',
      imageUrl: null,
      status: 'active',
      phoneNumber: '+8613800000008',
      emailAddress: 'student@tutoria.example',
      consultant: { publicKey: CONSULTANT, fullName: 'Sophie Wang' },
      profile: null,
    },
    classes: [
      {
        classroomId: CLASSROOM,
        classroomName: 'A-level Physics',
        lessonType: 'A_LEVEL_Offline',
        classroomType: 'Private',
        state: 'Active',
        teacher: { publicKey: '00000000-0000-4000-8000-000000000006', fullName: 'James Liu' },
        nextSessionStart: 1_900_000_000,
        sessionsHeld: 3,
        sessionsTotal: 10,
      },
    ],
    sections,
  };
}

/** What each section's call answers; every call the page makes is kept. */
const answers: Record<string, unknown> = {
  'student/getWeek': { data: [] },
  'student/getMoney': {
    balances: [],
    totals: { paid: 1200, used: 300, remaining: 900, debt: 0 },
    deposits: [],
    depositCount: 0,
    transfers: [],
    transferCount: 0,
  },
  'student/getAcademic': { classes: [] },
  'student/getProgress': { coursePlan: [], applications: [] },
  'student/getSurveys': { rounds: [] },
  getUsersLoginDatesHistory: { lastLogin: null, data: [], totalCount: 0 },
};
let me: CurrentUser;
let shownOverview: StudentOverview;
let calls: URL[] = [];
/** The overview answers as for a student out of reach. */
let outOfReach = false;

function answer(raw: string): Response {
  const url = new URL(raw, 'http://localhost');
  calls.push(url);
  const path = url.pathname;
  let body: unknown = testClientConfig();
  if (path.endsWith('student/getOverview') && outOfReach) {
    return new Response(JSON.stringify({ code: 'FETCH_DATA_FAILED', message: '未找到数据' }), {
      status: 404,
    });
  }
  if (path.endsWith('student/getOverview')) body = shownOverview;
  else if (path.endsWith('user/getuser')) body = me;
  else {
    const found = Object.keys(answers).find((end) => path.endsWith(end));
    if (found) body = answers[found];
  }
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const called = (end: string) => calls.filter((url) => url.pathname.endsWith(end));

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answer(String(url))),
  );
  await loadClientConfig();
});

afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  calls = [];
  outOfReach = false;
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
});

function open(role: Role, sections: StudentPageSections, own = false) {
  me = user(role, own ? STUDENT : CONSULTANT);
  storeUser(me);
  shownOverview = overview(sections);
  const router = createMemoryRouter(
    [
      { path: paths.adminStudent.path, element: <AdminStudentPage /> },
      { path: paths.panelMe.path, element: <OwnStudentPage /> },
    ],
    { initialEntries: [own ? paths.panelMe.path : `/admin/panel/users/student/${STUDENT}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const headings = () => screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);

describe("a student's page (issue 31): what each caller sees", () => {
  it('shows a consultant every section, each asked for once, with the headings in order', async () => {
    open('AcademicConsultant', all);
    await screen.findByRole('heading', { level: 1, name: 'Lucas Huang' });
    await screen.findByRole('heading', { name: 'Sign-ins' });
    await screen.findByRole('heading', { level: 3, name: 'Course plan' });
    for (const name of [
      'Profile',
      'Classes',
      'Timetable',
      'Money',
      'Homework and exams',
      'Surveys',
      'Sign-ins',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeDefined();
    }
    expect(screen.getByRole('region', { name: 'Timetable of Lucas Huang' })).toBeDefined();
    for (const end of [
      'student/getOverview',
      'student/getMoney',
      'student/getAcademic',
      'student/getSurveys',
    ]) {
      expect(called(end)).toHaveLength(1);
      expect(called(end)[0]!.searchParams.get('studentPublicKey')).toBe(STUDENT);
    }
    expect(called('getUsersLoginDatesHistory')[0]!.searchParams.get('publicKey')).toBe(STUDENT);
    // One heading of the page (h1), its sections (h2), never a level skipped.
    const levels = headings().map((h) => Number(h[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    // Staff reach the class and the finance lists filtered to the student.
    expect(screen.getByRole('link', { name: 'A-level Physics' }).getAttribute('href')).toBe(
      `/admin/panel/class/${CLASSROOM}`,
    );
    const money = screen.getByTestId('student-money');
    expect(
      within(money)
        .getAllByTestId('student-money-total')
        .map((x) => x.textContent),
    ).toHaveLength(4);
  });

  it('draws no money and no sign-ins for a teacher, and never asks for them', async () => {
    open('Teacher', { ...all, money: false, logins: false });
    await screen.findByRole('heading', { name: 'Homework and exams' });
    await screen.findByRole('heading', { name: 'Surveys' });
    expect(screen.queryByRole('heading', { name: 'Money' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign-ins' })).toBeNull();
    expect(screen.queryByTestId('student-money')).toBeNull();
    expect(called('student/getMoney')).toHaveLength(0);
    expect(called('getUsersLoginDatesHistory')).toHaveLength(0);
  });

  it("shows the student their own page without naming anyone, and without the staff's sections", async () => {
    open('Student', { ...all, logins: false }, true);
    await screen.findByRole('heading', { level: 1, name: 'Lucas Huang' });
    await screen.findByRole('heading', { name: 'Money' });
    expect(screen.queryByRole('heading', { name: 'Sign-ins' })).toBeNull();
    expect(called('student/getOverview')[0]!.searchParams.has('studentPublicKey')).toBe(false);
    // A student has no class details page: the class reads as text.
    expect(screen.queryByRole('link', { name: 'A-level Physics' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Students/ })).toBeNull();
  });

  it('says so in Chinese when the student is out of reach', async () => {
    await i18next.changeLanguage('zh');
    outOfReach = true;
    open('Teacher', all);
    expect(await screen.findByRole('heading', { name: '该学生主页不存在，或您无权查看。' })).toBeDefined();
    expect(called('student/getWeek')).toHaveLength(0);
  });
});
