import { loadConfig } from './config.ts';
import { lockDataDir, openDatabase } from './db/client.ts';

/** `npm run migrate`: applies pending migrations and exits (DESIGN §13). */
const config = loadConfig();
const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
try {
  const database = await openDatabase(config);
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`);
} finally {
  unlock();
}
