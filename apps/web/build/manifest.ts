import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
export interface ManifestChunk {
  file: string;
  /** The chunk's name (a shared chunk has no `src`). */
  name?: string;
  src?: string;
  dynamicImports?: string[];
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically, as manifest keys. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

export function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the build's manifest`);
  return found;
}
