import type { CurrentUser } from '@tutoria/shared';
import { createContext, forwardRef, useContext, useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeLinkProps } from '@/components/home-link';
import { LoginForm } from '@/features/auth/components/login-form';
import { LoginHeading } from '@/features/auth/components/login-heading';
import { getClientConfig } from '@/lib/client-config';
import { paths, signedInTarget } from '@/lib/paths';
import { AuthFrame } from './layouts/auth-frame';

/** Leaves the sign-in screen for the routed app at `path` (`replace`: instead of this history entry). */
export type OpenApp = (path: string, options?: { replace?: boolean }) => void;

const OpenAppContext = createContext<OpenApp>(() => undefined);

/** A plain link home whose ordinary click starts the routed app instead of reloading the page. */
const OpenAppHomeLink = forwardRef<HTMLAnchorElement, HomeLinkProps>(function OpenAppHomeLink(props, ref) {
  const openApp = useContext(OpenAppContext);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain) return;
    event.preventDefault();
    openApp(paths.landing.path);
  };
  return <a ref={ref} {...props} href={paths.landing.path} onClick={onClick} />;
});

/**
 * `/auth/login` for a visitor who is not signed in, without the router (issue 9): the first page
 * most people see loads neither React Router nor the route table. Signing in or following a link
 * starts the routed app at the page it leads to. A signed-in visitor sent here from a page their
 * account may not open gets the routed page (LoginPage), which says so.
 */
export function SignInScreen({ openApp, prepareApp }: { openApp: OpenApp; prepareApp: () => void }) {
  const { t } = useTranslation();
  const title = t('titles.authLogin');
  useEffect(() => {
    document.title = `${title} · ${getClientConfig().appName}`;
  }, [title]);

  const onSignedIn = (user: CurrentUser) => {
    const redirectTo = new URLSearchParams(window.location.search).get('redirect');
    openApp(signedInTarget(redirectTo, user), { replace: true });
  };

  return (
    <OpenAppContext.Provider value={openApp}>
      <AuthFrame homeLink={OpenAppHomeLink}>
        <LoginHeading />
        {/* The routed app's code loads once someone starts on the form, so it is there when they are in. */}
        <div onFocus={prepareApp}>
          <LoginForm onSignedIn={onSignedIn} />
        </div>
      </AuthFrame>
    </OpenAppContext.Provider>
  );
}
