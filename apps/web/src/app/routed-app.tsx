import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

/**
 * The app with its router: every page but the first sign-in screen (main.tsx). The router is made
 * here, before React renders: making it starts loading the first page's code, texts and rows (its
 * `lazy` and loader), work that is then not part of React's first render.
 */
export function routedApp(): ReactElement {
  return <RouterProvider router={createAppRouter()} />;
}
