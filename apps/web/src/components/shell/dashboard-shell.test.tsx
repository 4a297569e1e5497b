import { screen } from '@testing-library/react';
import type { CurrentUser } from '@tutoria/shared';
import { IconUsers } from '@tabler/icons-react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../test/client-config';
import { renderInApp } from '../../../test/render';
import { DashboardShell } from './dashboard-shell';

const admin: CurrentUser = {
  publicKey: 'k',
  fullName: 'Ada Admin',
  nickName: null,
  userName: 'admin',
  role: 'Admin',
  baseType: null,
  phoneNumber: null,
  emailAddress: null,
  consultant: null,
  isAdmin: true,
  imageUrl: null,
  createMoment: 0,
  status: 'active',
  permissions: [],
  lastLogin: null,
};

beforeAll(async () => {
  const config = testClientConfig();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(config), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  await loadClientConfig();
});

afterAll(() => vi.unstubAllGlobals());

function renderShell() {
  const links = [{ key: 'users', label: 'Users', path: '/admin/panel/users', icon: IconUsers }];
  return renderInApp(
    <DashboardShell user={admin} links={links} onSignOut={() => undefined}>
      <h1>Users</h1>
    </DashboardShell>,
    { url: '/admin/panel/users' },
  );
}

describe('the signed-in shell', () => {
  it('draws the page inside it, in a render after its own', async () => {
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/panel/users');
  });

  it('marks only the link the page is under: Tasks, not Reports, on the tasks page under its path', async () => {
    const links = [
      { key: 'tasks', label: 'Tasks', path: '/admin/panel/reports/tasks', icon: IconUsers },
      { key: 'reports', label: 'Reports', path: '/admin/panel/reports', icon: IconUsers },
    ];
    renderInApp(
      <DashboardShell user={admin} links={links} onSignOut={() => undefined}>
        <h1>Tasks</h1>
      </DashboardShell>,
      { url: '/admin/panel/reports/tasks' },
    );
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(screen.getByRole('link', { name: 'Tasks' }).hasAttribute('data-active')).toBe(true);
    expect(screen.getByRole('link', { name: 'Reports' }).hasAttribute('data-active')).toBe(false);
  });

  // Taking the mark off restyled every element of the page after it was drawn (issue 9).
  it('keeps its resizing mark once the page is drawn', async () => {
    const { container } = renderShell();
    await screen.findByRole('heading', { name: 'Users' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.mantine-AppShell-root')?.hasAttribute('data-resizing')).toBe(true);
  });
});
