import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { depositsContract, settlementsContract } from '@tutoria/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { setClientConfig } from '@/lib/client-config';
import { authKeys } from '@/lib/query-keys';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { financeUser } from '../../../../test/users';
import { DepositsPage } from './deposits-page';
import { SettlementsPage } from './settlements-page';

setClientConfig(testClientConfig());
afterEach(() => vi.restoreAllMocks());

const finance = financeUser(['finance.read', 'settlements.manage']);

const empty = { data: [], totalCount: 0 };
const answers = new Map<unknown, unknown>([
  [depositsContract.list, empty],
  [depositsContract.sums, { confirmed: 0, waiting: 0, byPaymentMethod: [] }],
  [settlementsContract.list, empty],
  [
    settlementsContract.allTeachersSum,
    { earned: 0, paid: 0, unpaid: 0, otherPayments: 0, waiting: 0, sessionCount: 0, hours: 0, teachers: [] },
  ],
]);

/** The where groups of the last call to a list, as the page sent them. */
function lastWhere(call: { mock: { calls: unknown[][] } }, entry: unknown) {
  const calls = call.mock.calls.filter(([e]) => e === entry);
  return (calls.at(-1)![1] as { body: { where: unknown[] } }).body.where;
}

function render(element: ReactElement, url: string) {
  const call = vi
    .spyOn(api, 'call')
    .mockImplementation((entry) => Promise.resolve((answers.get(entry) ?? []) as never));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.user, finance);
  renderInApp(element, { url, client });
  return call;
}

/** The financial report's links (issue 28) open these lists filtered by when money was posted. */
describe('when money was posted, read from the URL', () => {
  it('filters the deposits confirmed in a month, shown in a field that clears it', async () => {
    const call = render(<DepositsPage />, '/admin/finance/deposit?state=confirmed&confirmedIn=2026-11');
    const field = (await screen.findByLabelText('Confirmed in')) as HTMLInputElement;
    expect(field.value).toBe('2026-11');
    await waitFor(() =>
      expect(lastWhere(call, depositsContract.list)).toContainEqual([
        { column: 'confirmedOn', comparison: 'Contains', operand: '2026-11' },
      ]),
    );
    // The sums read the same filter.
    expect(lastWhere(call, depositsContract.sums)).toContainEqual([
      { column: 'confirmedOn', comparison: 'Contains', operand: '2026-11' },
    ]);
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() =>
      expect(JSON.stringify(lastWhere(call, depositsContract.list))).not.toContain('confirmedOn'),
    );
  }, 20_000);

  it('filters the settlements paid on a day', async () => {
    const call = render(<SettlementsPage />, '/admin/finance/settlement?state=paid&paidIn=2026-11-28');
    const field = (await screen.findByLabelText('Paid in')) as HTMLInputElement;
    expect(field.value).toBe('2026-11-28');
    await waitFor(() =>
      expect(lastWhere(call, settlementsContract.list)).toContainEqual([
        { column: 'paidOn', comparison: 'Equal', operand: '2026-11-28' },
      ]),
    );
  }, 20_000);
});
