import {
  forwardRef,
  type AnchorHTMLAttributes,
  type ForwardRefExoticComponent,
  type RefAttributes,
} from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export type HomeLinkProps = AnchorHTMLAttributes<HTMLAnchorElement>;

/** A component that renders a link to the landing page. */
export type HomeLink = ForwardRefExoticComponent<HomeLinkProps & RefAttributes<HTMLAnchorElement>>;

/**
 * A link to the landing page for `BrandMark` and the sign-in frame: inside the router it is a
 * router link; the sign-in screen shown without the router passes its own (issue 9).
 */
export const RouterHomeLink = forwardRef<HTMLAnchorElement, HomeLinkProps>(
  function RouterHomeLink(props, ref) {
    return <Link ref={ref} to={paths.landing.path} {...props} />;
  },
);
