import { screen, within } from '@testing-library/react';
import type { StaffTasks } from '@tutoria/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { StaffTasksPage } from './staff-tasks-page';

/** What the server answers for the caller's tasks. */
let answer: StaffTasks = { groups: [], total: 0 };

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).endsWith('Report/getStaffTasks') ? answer : testClientConfig();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  await loadClientConfig();
});

afterAll(() => vi.unstubAllGlobals());

beforeEach(() => storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 }));

describe('the staff tasks page (issue 29)', () => {
  it('shows a card per group with its count and a link to where it is done', async () => {
    answer = {
      groups: [
        { key: 'depositsWaiting', count: 2 },
        { key: 'transfersWaiting', count: 0 },
        { key: 'sessionsToRecord', count: 3 },
      ],
      total: 5,
    };
    renderInApp(<StaffTasksPage />);
    const deposits = await screen.findByRole('region', { name: 'Deposits waiting' });
    expect(within(deposits).getByTestId('task-count').textContent).toBe('2');
    expect(within(deposits).getByRole('link', { name: 'Open: Deposits waiting' }).getAttribute('href')).toBe(
      '/admin/finance/deposit?state=waiting',
    );
    const transfers = screen.getByRole('region', { name: 'Transfers waiting' });
    expect(
      within(transfers).getByRole('link', { name: 'Open: Transfers waiting' }).getAttribute('href'),
    ).toBe('/admin/finance/transfer?confirmed=false');
    const record = screen.getByRole('region', { name: 'Sessions to record' });
    expect(within(record).getByTestId('task-count').textContent).toBe('3');
    expect(within(record).getByRole('link', { name: 'Open: Sessions to record' }).getAttribute('href')).toBe(
      '/admin/panel/my-day',
    );
    expect(screen.getByText('5 waiting')).toBeDefined();
    expect(screen.queryByText('Nothing waiting')).toBeNull();
  });

  it('says "Nothing waiting" when every count is zero', async () => {
    answer = { groups: [{ key: 'debtors', count: 0 }], total: 0 };
    renderInApp(<StaffTasksPage />);
    expect(await screen.findByText('Nothing waiting')).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Debtors' })).toBeNull();
  });
});
