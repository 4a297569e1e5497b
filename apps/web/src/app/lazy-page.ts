import type { ComponentType } from 'react';

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

/** A route's `lazy` that loads one page component from its own chunk. */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await withTimeout(load()) });
}
