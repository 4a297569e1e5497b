import fs from 'node:fs';
import { loadConfig } from './config.ts';
import { compilePglite, lockDataDir, openDatabase, type PgliteEngine } from './db/client.ts';

/** A start-up failure (bad setting, folder in use) is one clear line, not a stack trace. */
function fail(error: unknown): never {
  console.error(`Tutoria could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let unlock: () => void;
try {
  config = loadConfig();
  unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
} catch (error) {
  fail(error);
}
// Start-up (docs/decisions.md): PGlite's WebAssembly compiles on V8's background threads while the
// app's modules load; the two meet at the first query.
const engine: Promise<PgliteEngine> | undefined = config.databaseUrl ? undefined : compilePglite();
const [{ buildApp }, { openStores }, { DEMO_PASSWORD, demoUsers }, { seedDemoIfEmpty }, backups, control, { createBackupRunner }] = await Promise.all([
  import('./app.ts'),
  import('./lib/stores.ts'),
  import('./seed/demo-users.ts'),
  import('./seed/demo.ts'),
  import('./backup/upgrade.ts'),
  import('./backup/internal-backup.ts'),
  import('./backup/backup-runner.ts'),
]);
const database = await openDatabase(config, engine);
// Upgrade safety (issue 33): pending migrations on a database with data take a backup first.
const runner = createBackupRunner(database, config);
try {
  const upgradeBackup = await backups.migrateSafely(database, runner);
  if (upgradeBackup) console.log(`  Backed up before migrating: ${upgradeBackup}`);
} catch (error) {
  await database.close().catch(() => undefined);
  unlock();
  fail(error);
}
const { store, redis } = openStores(config.redisUrl);
const controlToken = control.newControlToken();
const app = await buildApp({ config, database, store, redis, backups: { runner, controlToken } });

const demo = config.demo && (await seedDemoIfEmpty(database.db, { parentLinkDays: config.parentLinks.days }));
if (demo) app.log.info('Created the demo centre.');
if (config.usesDevSecret) app.log.warn('Using the development signing secret: set SIGNING_APPS in production.');

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// `npm run backup` beside this process (PGlite's folder is ours alone) asks it over loopback with this token.
if (!config.databaseUrl) control.writeServerControl(config.dataDir, port, controlToken);
const lines = [
  '',
  `  ${config.appName} is running at http://localhost:${port}/  (API docs: /api/docs)`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
];
if (config.demo) {
  lines.push(`  Demo logins (password ${DEMO_PASSWORD}): ${demoUsers.map((u) => `${u.userName} (${u.role})`).join(', ')}`);
}
// parent report links (issue 10): the demo's ready link, shown once (only its hash is stored).
if (demo && demo.parentReportPath) {
  lines.push(`  Parent report link (no sign-in, made now): http://localhost:${port}${demo.parentReportPath}`);
}
console.log(lines.join('\n') + '\n');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  try {
    await app.close();
    await database.close();
    await store.close();
    redis?.disconnect();
  } finally {
    if (!config.databaseUrl) fs.rmSync(control.controlFile(config.dataDir), { force: true });
    unlock();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
