import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-db.ts';
import type { Database } from './client.ts';
import { migrationsFolder } from './client.ts';
import { migrationsUpToDate } from './migration-state.ts';
import { selectRow } from './sql.ts';

describe('start-up skips the migrator when nothing changed (DESIGN §13)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('says a migrated database is up to date, and migrate() then changes nothing', async () => {
    expect(await migrationsUpToDate(database.db, migrationsFolder)).toBe(true);
    const before = await selectRow<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await database.migrate();
    const after = await selectRow<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after).toEqual(before);
  });

  it('says a database missing its last migration is not up to date', async () => {
    const last = await selectRow<{ id: number; hash: string; createdAt: string }>(
      database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    expect(await migrationsUpToDate(database.db, migrationsFolder)).toBe(false);
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.createdAt})`,
    );
    expect(await migrationsUpToDate(database.db, migrationsFolder)).toBe(true);
  });

  it('says a database never migrated is not up to date', async () => {
    await database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away`);
    expect(await migrationsUpToDate(database.db, migrationsFolder)).toBe(false);
    await database.db.execute(sql`alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations`);
  });
});
