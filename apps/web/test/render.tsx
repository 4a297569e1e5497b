import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders a screen part as the app does (Mantine, a fresh query client unless one is given, a
 * router at `url`), and hands back the router so a test can read the URL and go back.
 */
export function renderInApp(
  ui: ReactNode,
  {
    url = '/',
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { url?: string; client?: QueryClient } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, search: () => new URLSearchParams(router.state.location.search) };
}
