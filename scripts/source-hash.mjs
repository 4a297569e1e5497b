// One fingerprint of what a build reads, so `npm start` and `npm run serve` rebuild only on change.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** Tests, e2e specs and build output are never an input of a build. */
const skipped = new Set(['node_modules', 'dist', 'dist-ssr', 'e2e', 'test']);

function* files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  const entries = readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) yield* files(child);
    } else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) {
      yield child;
    }
  }
}

/** A sha256 over the names and contents of the given files and folders (relative to the repo). */
export function sourceHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const list = statSync(full).isDirectory() ? [...files(input)] : [input];
    for (const file of list) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The hash stored beside the last build, or '' when there is none (or its output is missing). */
export function builtHash(stampFile, outputFile) {
  return existsSync(stampFile) && existsSync(outputFile) ? readFileSync(stampFile, 'utf8').trim() : '';
}
