import { Outlet } from 'react-router';
import { RouterHomeLink } from '@/components/home-link';
import { AuthFrame } from './auth-frame';

/** The sign-in route's layout: the frame around the routed page. */
export function AuthLayout() {
  return (
    <AuthFrame homeLink={RouterHomeLink}>
      <Outlet />
    </AuthFrame>
  );
}
