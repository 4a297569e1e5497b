import type { ComponentType } from 'react';
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

/**
 * A route's `lazy` that loads one page component from its own chunk, together with the text
 * namespaces it uses, so the page never renders before its texts are there.
 */
export function lazyPage(load: () => Promise<ComponentType>, namespaces: readonly Namespace[] = []) {
  return async () => {
    const [Component] = await Promise.all([withTimeout(load()), loadNamespaces(namespaces)]);
    return { Component };
  };
}
