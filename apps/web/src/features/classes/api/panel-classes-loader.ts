import { ensureCurrentUser } from '@/features/auth';
import { prefetchOwnMoney } from '@/features/finance';
import { queryClient } from '@/lib/query-client';
import { classListQuery } from './classes';

/** A student's own classes, newest first (the list is scoped to them on the server). */
export const ownClassesQuery = () =>
  classListQuery(
    { page: { index: 1, size: 100 }, where: [], order: [{ column: 'createMoment', descending: true }] },
    false,
  );

/**
 * The classes page's first screen (issue 30): the classes and the student's own money asked for
 * side by side while the page's code arrives, so the page draws once with all of them (each part
 * drawn as it came pushed the ones below it down: a layout shift of 0.46). Silent: the page asks
 * again itself and says what failed, once.
 */
export async function panelClassesLoader() {
  const user = await ensureCurrentUser();
  await Promise.all([
    queryClient.prefetchQuery({ ...ownClassesQuery(), meta: { silent: true } }),
    user.permissions.includes('deposits.readOwn') ? prefetchOwnMoney() : null,
  ]);
  return null;
}
