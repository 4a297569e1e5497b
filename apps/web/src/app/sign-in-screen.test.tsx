import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../test/client-config';
import { SignInScreen } from './sign-in-screen';

const config = testClientConfig();
const tokens = { access_token: 'a', refresh_token: 'r', expires_in: 3600 };
const admin = { publicKey: 'k', userName: 'admin', fullName: 'Ada Admin', isAdmin: true, roles: ['Admin'] };

/** The server as the sign-in screen meets it: the settings, the sign-in and the signed-in user. */
function answer(url: string): Response {
  const body = url.endsWith('clientConfig') ? config : url.endsWith('user/login') ? tokens : admin;
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answer(String(url))),
  );
  await loadClientConfig();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

function renderScreen(url = '/auth/login') {
  window.history.replaceState(null, '', url);
  const openApp = vi.fn();
  const prepareApp = vi.fn();
  render(
    <MantineProvider>
      <SignInScreen openApp={openApp} prepareApp={prepareApp} />
    </MantineProvider>,
  );
  return Object.assign(openApp, { prepareApp });
}

describe('the sign-in screen without the router', () => {
  it('titles the page and shows the centre, the form and the way home', async () => {
    renderScreen();
    await waitFor(() => expect(document.title).toBe('Sign in · Tutoria'));
    expect(screen.getAllByText('Harbour Learning').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('starts the app at home on a plain click of the link home, and leaves a ctrl-click to the browser', () => {
    const openApp = renderScreen();
    const home = screen.getByRole('link', { name: 'Back to home' });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home, { button: 0, ctrlKey: true });
    expect(openApp).not.toHaveBeenCalled();
    fireEvent.click(home, { button: 0 });
    expect(openApp).toHaveBeenCalledWith('/');
  });

  it('signs in and starts the app where the redirect leads, in place of the sign-in entry', async () => {
    const openApp = renderScreen('/auth/login?redirect=%2Fadmin%2Fpanel%2Fclass%2Ftable');
    expect(openApp.prepareApp).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText(/user name/i));
    expect(openApp.prepareApp).toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/user name/i), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/^password$/i), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(openApp).toHaveBeenCalledWith('/admin/panel/class/table', { replace: true }));
  });

  it('refuses an empty form with the shared rule texts and calls nothing', async () => {
    const openApp = renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('User name can not be empty.')).toBeTruthy());
    expect(screen.getByText('Password can not be empty.')).toBeTruthy();
    expect(openApp).not.toHaveBeenCalled();
  });
});
