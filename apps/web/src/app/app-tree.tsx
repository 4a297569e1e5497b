import { StrictMode, useEffect, type ReactNode } from 'react';
import { AppProviders } from './providers';

/**
 * Every page as the browser renders it. The sign-in page pre-rendered at build time renders this
 * same tree, so the browser can hydrate the markup it was sent instead of drawing it again.
 */
export function appTree(page: ReactNode): ReactNode {
  return (
    <StrictMode>
      <AppProviders>{page}</AppProviders>
    </StrictMode>
  );
}

/** Runs `run` once its children are committed; it adds no element, so hydrated markup stays the one sent. */
export function AfterCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}
