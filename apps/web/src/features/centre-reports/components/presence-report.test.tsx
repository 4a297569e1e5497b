import { screen, within } from '@testing-library/react';
import type { PresenceReport as PresenceAnswer } from '@tutoria/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens, storeUser } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { financeUser } from '../../../../test/users';
import { PresenceReport } from './presence-report';

const answer: PresenceAnswer = {
  students: [
    {
      studentPublicKey: '22222222-2222-4222-8222-222222222222',
      studentName: 'Student Sara',
      present: 2,
      absent: 1,
      percent: 66,
    },
  ],
};
let asked: string[] = [];
let me = financeUser([]);

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = String(url);
      const report = address.includes('getStudentPresentationReport');
      if (report) asked.push(address);
      const body = report
        ? answer
        : address.includes('user/getuser')
          ? me
          : address.includes('user/')
            ? { data: [], totalCount: 0 }
            : testClientConfig();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  await loadClientConfig();
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  asked = [];
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
});

describe('the presence report (issue 29)', () => {
  it('shows a teacher their own students over the URL’s period, percents floored', async () => {
    me = { ...financeUser([]), role: 'Teacher', isAdmin: false };
    storeUser(me);
    renderInApp(<PresenceReport />, { url: '/admin/panel/reports/presence?from=2026-01-01&to=2026-03-31' });
    // The file's first render loads the page's modules: more than the default second on a busy machine.
    const table = await screen.findByTestId('presence-table', undefined, { timeout: 15_000 });
    expect(asked[0]).toContain('from=2026-01-01');
    expect(asked[0]).not.toContain('teacherPublicKey');
    expect(screen.queryByTestId('presence-teacher')).toBeNull();
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Student Sara', '2', '1', '66%']);
  }, 20_000);

  it('asks other staff for a teacher first, then reads the teacher in the URL', async () => {
    me = financeUser([]);
    storeUser(me);
    const first = renderInApp(<PresenceReport />, { url: '/admin/panel/reports/presence' });
    await screen.findByText('Choose a teacher to see their students.', undefined, { timeout: 5000 });
    expect(asked).toEqual([]);
    first.unmount();
    renderInApp(<PresenceReport />, {
      url: '/admin/panel/reports/presence?teacher=33333333-3333-4333-8333-333333333333',
    });
    await screen.findByTestId('presence-table', undefined, { timeout: 5000 });
    expect(asked[0]).toContain('teacherPublicKey=33333333-3333-4333-8333-333333333333');
  });
});
