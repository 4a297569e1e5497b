import { queryClient } from '@/lib/query-client';
import { ownBalanceQuery, ownDepositsQuery } from './deposits';
import { ownTransfersQuery } from './exports';

/**
 * The student's own money, asked for by the page's loader beside its other first-screen calls
 * (issue 30): the section then draws with the page instead of pushing it down as each part
 * arrives. Silent: the section asks again as it mounts and says what failed, once.
 */
export function prefetchOwnMoney(): Promise<unknown> {
  const silent = { meta: { silent: true } };
  return Promise.all([
    queryClient.prefetchQuery({ ...ownBalanceQuery(), ...silent }),
    queryClient.prefetchQuery({ ...ownDepositsQuery(), ...silent }),
    queryClient.prefetchQuery({ ...ownTransfersQuery(), ...silent }),
  ]);
}
