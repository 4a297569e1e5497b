import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { type SideCostList, sideCostsContract } from '@tutoria/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { setClientConfig } from '@/lib/client-config';
import { authKeys } from '@/lib/query-keys';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { financeUser } from '../../../../test/users';
import { SideCostsPage } from './side-costs-page';

setClientConfig(testClientConfig());
afterEach(() => vi.restoreAllMocks());

const finance = financeUser(['finance.read']);

const page: SideCostList = {
  data: [
    {
      sideCostId: '22222222-2222-4222-8222-222222222222',
      studentPublicKey: '33333333-3333-4333-8333-333333333333',
      studentName: 'Mina Sides',
      consultantPublicKey: null,
      consultantName: 'Cora Consultant',
      classroomId: '44444444-4444-4444-8444-444444444444',
      classroomName: 'Sides maths',
      title: 'Books',
      amount: 30.5,
      createMoment: 1_790_000_000,
    },
  ],
  totalCount: 7,
  totals: { count: 7, amount: 1234.5 },
};

describe('the side costs page', () => {
  it('shows the totals of every filtered side cost and exports with the same filters', async () => {
    // The list's page; the consultants picker gets nobody.
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation((entry) => Promise.resolve((entry === sideCostsContract.all ? page : []) as never));
    const download = vi
      .spyOn(api, 'download')
      .mockResolvedValue({ blob: new Blob(['x']), fileName: 'Side costs.csv' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(authKeys.user, finance);
    renderInApp(<SideCostsPage />, { url: '/admin/finance/side-costs?q=book&period=2026-11', client });

    const totals = await screen.findByTestId('side-cost-totals');
    expect(totals.textContent).toContain('7');
    expect(totals.textContent).toContain('1,234.5');
    const listCall = call.mock.calls.find(([entry]) => entry === sideCostsContract.all)!;
    const body = (listCall[1] as { body: { where: unknown[]; order: unknown[] } }).body;
    expect(body.where).toContainEqual([{ column: 'period', comparison: 'Equal', operand: '2026-11' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0]![1]).toEqual({
      body: { format: 'csv', where: body.where, order: body.order },
    });
  });
});
