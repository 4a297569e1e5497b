import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ClassProfit, type ConsultantProfit, type CurrentUser, permissionsOf } from '@tutoria/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens, storeUser } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { ProfitPage } from './profit-page';

const CONSULTANT = '00000000-0000-4000-8000-000000000005';
const CLASSROOM = '00000000-0000-4000-8000-0000000000c1';

const me: CurrentUser = {
  publicKey: '00000000-0000-4000-8000-000000000004',
  fullName: 'Finance',
  nickName: null,
  userName: 'finance',
  role: 'FinancialAdmin',
  baseType: null,
  phoneNumber: null,
  emailAddress: null,
  consultant: null,
  isAdmin: true,
  imageUrl: null,
  createMoment: 1_700_000_000,
  status: 'active',
  permissions: [...permissionsOf('FinancialAdmin')],
  lastLogin: null,
};

const figures = { revenue: 680.5, sessionRevenue: 650, sideCosts: 30.5, teacherPay: 175, sideCostsBorne: 30.5, margin: 475 };
const classRow: ClassProfit = {
  classroomId: CLASSROOM,
  classroomName: 'A-level Physics',
  lessonType: 'A_LEVEL_Offline',
  teacherPublicKey: '00000000-0000-4000-8000-000000000006',
  teacherName: 'James Liu',
  sessionCount: 2,
  ...figures,
  otherPayments: 25,
  marginPercent: 69.8,
};
const consultant: ConsultantProfit = {
  consultantPublicKey: CONSULTANT,
  consultantName: 'Sophie Wang',
  ...figures,
  percent: 10,
  percentSet: false,
  share: 47.5,
};

let calls: { path: string; method: string; body: unknown; url: URL }[] = [];

async function answer(raw: string, init?: RequestInit): Promise<Response> {
  const url = new URL(raw, 'http://localhost');
  const body = init?.body ? JSON.parse(String(init.body)) : null;
  calls.push({ path: url.pathname, method: init?.method ?? 'GET', body, url });
  const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (url.pathname.endsWith('classroom/getClassroomsProfit')) return json({ data: [classRow], totalCount: 1 });
  if (url.pathname.endsWith('deposit/getAcademicConsultantProfit')) {
    return json({ data: [consultant], defaultPercent: 10, total: { ...figures, share: 47.5 } });
  }
  if (url.pathname.endsWith('deposit/getAcademicConsultantProfitClasses')) {
    return json({ data: [{ classroomId: CLASSROOM, classroomName: 'Consultant Physics', studentCount: 2, ...figures }] });
  }
  if (url.pathname.endsWith('deposit/setAcademicConsultantShare')) {
    return json({ isSuccess: true, message: 'Sophie Wang’s share is now 15%.', consultantPublicKey: CONSULTANT, percent: 15 });
  }
  if (url.pathname.endsWith('user/getuser')) return json(me);
  // The teacher filter's choices.
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

describe('the profit page (issue 28)', () => {
  it('lists the classes of the period least margin first, with revenue, teacher pay, side costs borne and margin', async () => {
    renderInApp(<ProfitPage />, { url: '/admin/finance/profit?from=2026-01-01&to=2026-03-31' });
    // The file's first render loads the page's modules: more than the default second on a busy machine.
    await screen.findByText('A-level Physics', undefined, { timeout: 10_000 });
    const asked = calls.find((c) => c.path.endsWith('classroom/getClassroomsProfit'))!;
    expect(asked.body).toMatchObject({ from: '2026-01-01', to: '2026-03-31', order: [{ column: 'margin', descending: false }] });
    expect(screen.getAllByText(/680\.50/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/475\.00/).length).toBeGreaterThan(0);
    expect(screen.getByText('69.8%')).toBeDefined();
  });

  it('shows each class as a card on a phone (375 px), its figures labelled', async () => {
    windowOf(true);
    renderInApp(<ProfitPage />, { url: '/admin/finance/profit?from=2026-01-01&to=2026-03-31' });
    const card = (await screen.findByText('A-level Physics')).closest('li')!;
    expect(card).not.toBeNull();
    for (const label of ['Revenue', 'Teacher pay', 'Side costs borne', 'Margin']) expect(within(card).getByText(label)).toBeDefined();
  });

  it('shows each consultant with their share and sets a share through the form (out of range refused before sending)', async () => {
    const view = renderInApp(<ProfitPage />, { url: '/admin/finance/profit?view=consultants&from=2026-01-01&to=2026-03-31' });
    const table = await screen.findByTestId('consultant-profit');
    await within(table).findByText('Sophie Wang');
    const asked = calls.find((c) => c.path.endsWith('deposit/getAcademicConsultantProfit'))!;
    expect(asked.url.searchParams.get('from')).toBe('2026-01-01');
    expect(within(table).getByText('10% (default)')).toBeDefined();
    // The classes behind the figure are asked for only when their dialog opens.
    expect(calls.some((c) => c.path.endsWith('deposit/getAcademicConsultantProfitClasses'))).toBe(false);
    fireEvent.click(within(table).getByRole('button', { name: 'Classes' }));
    const classes = await screen.findByTestId('consultant-classes');
    await within(classes).findByText('Consultant Physics');
    const behind = calls.find((c) => c.path.endsWith('deposit/getAcademicConsultantProfitClasses'))!;
    expect(Object.fromEntries(behind.url.searchParams)).toEqual({ consultantPublicKey: CONSULTANT, from: '2026-01-01', to: '2026-03-31' });
    fireEvent.keyDown(classes, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('consultant-classes')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Edit share' }));
    const percent = await screen.findByLabelText('Share (%)');
    fireEvent.change(percent, { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The share must be a percent from 0 to 100.');
    expect(calls.some((c) => c.path.endsWith('deposit/setAcademicConsultantShare'))).toBe(false);

    fireEvent.change(percent, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('deposit/setAcademicConsultantShare'))?.body).toEqual({ consultantPublicKey: CONSULTANT, percent: 15 }));
    expect(view.search().get('view')).toBe('consultants');
  });
});
