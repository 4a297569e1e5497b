import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

/** The app with its router: every page but the first sign-in screen (main.tsx). */
export function RoutedApp() {
  return <RouterProvider router={createAppRouter()} />;
}
