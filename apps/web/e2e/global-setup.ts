import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The journeys run the server as `npm run serve` does: from its bundle, rebuilt here when stale. */
export function setup(): void {
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const result = spawnSync('node', ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Could not build the server bundle (node scripts/build-server.mjs).');
}
