// `npm start`: builds the web app only when what it is built from changed since the last build
// (its sources, the shared package, the lockfile), judged by a hash stored beside the build.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-hash');
/** What the build reads; tests, e2e specs and the build's own output are not among it. */
const inputs = ['apps/web', 'packages/shared', 'package-lock.json'];
const skipped = new Set(['node_modules', 'dist', 'e2e', 'test']);

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

export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const list = input.endsWith('.json') ? [input] : [...files(input)];
    for (const file of list) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = sourceHash();
  const built = existsSync(stamp) && existsSync(path.join(dist, 'index.html')) ? readFileSync(stamp, 'utf8').trim() : '';
  if (built === current && !process.argv.includes('--force')) {
    console.log('The web app is up to date with its sources: no build needed.');
  } else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stamp, `${current}\n`);
  }
}
