import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { usersKeys } from '@/lib/query-keys';
import { CreateNotificationModal } from './create-notification-modal';

/** The people the user picker finds for "Student" and an empty search, as the server would answer. */
function clientWithStudents() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const people = [
    { publicKey: '00000000-0000-4000-8000-000000000001', fullName: 'Lucas Huang' },
    { publicKey: '00000000-0000-4000-8000-000000000002', fullName: 'Zoe Luo' },
  ];
  client.setQueryData(usersKeys.picker('Student', ''), { data: people, totalCount: people.length });
  return client;
}

// jsdom has no font loading; Mantine's autosizing message field listens to it.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
});

describe('a new notification (issue 27)', () => {
  it('closes the people list once someone is picked, so it no longer covers Send; the field opens it again', async () => {
    // Mantine's test mode: no transitions, so an open list is in the page at once and a closed one gone.
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={clientWithStudents()}>
          <CreateNotificationModal opened onClose={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const field = await screen.findByPlaceholderText('Search by name');
    fireEvent.click(field);
    fireEvent.click(await screen.findByRole('option', { name: 'Lucas Huang' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByText('Lucas Huang')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDefined();
    // The next person: a click on the field lists the others.
    fireEvent.click(field);
    expect(await screen.findByRole('option', { name: 'Zoe Luo' })).toBeDefined();
    expect(screen.queryByRole('option', { name: 'Lucas Huang' })).toBeNull();
  }, 20_000);
});
