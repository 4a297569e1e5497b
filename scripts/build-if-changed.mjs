// `npm start`: builds the web app only when what it is built from changed since the last build
// (its sources, the shared package, the lockfile), judged by a hash stored beside the build.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { builtHash, root, sourceHash } from './source-hash.mjs';

const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-hash');
const current = sourceHash(['apps/web', 'packages/shared', 'package-lock.json']);
if (builtHash(stamp, path.join(dist, 'index.html')) === current && !process.argv.includes('--force')) {
  console.log('The web app is up to date with its sources: no build needed.');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n`);
}
