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
const [{ buildApp }, { openStores }, { DEMO_PASSWORD, demoUsers }, { seedDemoIfEmpty }] = await Promise.all([
  import('./app.ts'),
  import('./lib/stores.ts'),
  import('./seed/demo-users.ts'),
  import('./seed/demo.ts'),
]);
const database = await openDatabase(config, engine);
await database.migrate();
const { store, redis } = openStores(config.redisUrl);
const app = await buildApp({ config, database, store, redis });

const demo = config.demo && (await seedDemoIfEmpty(database.db, { parentLinkDays: config.parentLinks.days }));
if (demo) app.log.info('Created the demo centre.');
if (config.usesDevSecret) app.log.warn('Using the development signing secret: set SIGNING_APPS in production.');

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
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
    unlock();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
