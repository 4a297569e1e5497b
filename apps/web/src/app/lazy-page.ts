import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { loadNamespaces } from '@/lib/i18n';
import type { Namespace } from '@/locales/resources';

/** SPEC §9: a script chunk that has not arrived after 120 s is reported as a load error. */
const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('A script chunk did not load in time');
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A page's chunk when the page fetches its first data in a route loader (a list page). */
export interface PageModule {
  Component: ComponentType;
  loader: LoaderFunction;
}

/** What a route's `lazy` loads: the build reads it to name each page's files (src/prerender/route-files.ts). */
export interface LazyPageLoads {
  load: () => Promise<unknown>;
  namespaces: readonly Namespace[];
}

const lazyPages = new WeakMap<object, LazyPageLoads>();

/** The page and texts a route's `lazy` loads, when `lazyPage` made it. */
export function lazyPageLoads(lazy: unknown): LazyPageLoads | undefined {
  return typeof lazy === 'function' ? lazyPages.get(lazy) : undefined;
}

/**
 * A route's `lazy` that loads one page component from its own chunk, together with the text
 * namespaces it uses, so the page never renders before its texts are there. A page that brings a
 * loader has it run as its code arrives; the loader only fills the first render, so it never runs
 * again while the page stays open (its list asks again itself as its filters change).
 */
export function lazyPage(
  load: () => Promise<ComponentType | PageModule>,
  namespaces: readonly Namespace[] = [],
) {
  const lazy = async () => {
    const [page] = await Promise.all([withTimeout(load()), loadNamespaces(namespaces)]);
    if ('loader' in page) return { ...page, shouldRevalidate: () => false };
    return { Component: page };
  };
  lazyPages.set(lazy, { load, namespaces });
  return lazy;
}
