import { replace, type LoaderFunctionArgs } from 'react-router';
import { getSignedInUser, isSignedIn } from '@/lib/auth-storage';
import { canOpen, homePath, loginHref, paths } from '@/lib/paths';

// Guards replace the history entry, so Back never lands on a page that bounces again.

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Login-required routes: without a stored token, go to sign-in and come back afterwards. */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (!isSignedIn()) throw replace(loginHref(requestedPath(request)));
  // The query layer comes with the signed-in pages, off the sign-in page (issue 9).
  const { ensureCurrentUser } = await import('@/features/auth');
  return ensureCurrentUser();
}

/** Admin-only routes need the isAdmin flag of the stored user; anyone else goes to sign-in (SPEC §2). */
export async function requireAdmin(args: LoaderFunctionArgs) {
  const user = await requireSignedIn(args);
  if (!user.isAdmin) throw replace(loginHref(requestedPath(args.request)));
  return user;
}

/**
 * Guest-only routes send a signed-in user to the panel, unless they were sent here from a page
 * their account may not open: then they may sign in with another account.
 */
export function requireGuest({ request }: LoaderFunctionArgs) {
  const user = getSignedInUser();
  if (!user) return null;
  const target = new URL(request.url).searchParams.get('redirect');
  if (target && !canOpen(user, target)) return null;
  throw replace(paths.panel.path);
}

/** `/panel` lands each role on its home (issue 27): a student on their to-dos, staff on their work. */
export async function panelHome(args: LoaderFunctionArgs) {
  throw replace(homePath(await requireSignedIn(args)));
}

/** `/admin` and `/admin/panel` land staff on their home (issue 27). */
export async function adminHome(args: LoaderFunctionArgs) {
  throw replace(homePath(await requireAdmin(args)));
}

/**
 * Student panel pages (issue #13): staff who open one are sent to its admin equivalent (their
 * classes, the upcoming sessions, their account), or to the admin area's home, since the panel's
 * texts speak to students. `pageLoader`: what the page asks for beside its code once the student
 * may stay (issue 30), as a route has one loader.
 */
export function staffTo(
  adminPath: string = paths.admin.path,
  pageLoader?: (args: LoaderFunctionArgs) => unknown,
) {
  return async (args: LoaderFunctionArgs) => {
    const user = await requireSignedIn(args);
    if (user.isAdmin) throw replace(adminPath);
    return pageLoader ? pageLoader(args) : null;
  };
}
