import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Permission, Role } from '@tutoria/shared';
import type { Db } from '../src/db/client.ts';
import { authSessions, users } from '../src/db/schema/index.ts';
import { randomToken, sha256 } from '../src/lib/crypto.ts';
import { hashPassword } from '../src/lib/password.ts';

export const TEST_PASSWORD = 'Test@1234';
let passwordHash: Promise<string> | undefined;

export interface BuiltUser {
  publicKey: string;
  userName: string;
  role: Role;
  password: string;
}

/** Inserts a user straight into the database (one shared argon2 hash keeps factories fast). */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role; extraPermissions?: Permission[] } = {},
): Promise<BuiltUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const role = overrides.role ?? 'Student';
  const [row] = await db
    .insert(users)
    .values({
      userName: `${role.toLowerCase()}-${suffix}`,
      fullName: `${role} ${suffix}`,
      passwordHash: await passwordHash,
      ...overrides,
      role,
    })
    .returning();
  return { publicKey: row!.publicKey, userName: row!.userName, role, password: TEST_PASSWORD };
}

export const buildAdmin = (db: Db) => buildUser(db, { role: 'Admin' });
export const buildTeacher = (db: Db) => buildUser(db, { role: 'Teacher' });
export const buildStudent = (db: Db, consultantKey?: string) => buildUser(db, { role: 'Student', consultantKey });

/** A live session for the user without going through sign-in (which is rate-limited and slow). */
export async function sessionFor(db: Db, user: { publicKey: string }): Promise<string> {
  const access = randomToken();
  await db.insert(authSessions).values({
    userKey: user.publicKey,
    accessTokenHash: sha256(access),
    refreshTokenHash: sha256(randomToken()),
    accessExpiresAt: new Date(Date.now() + 3600_000),
    refreshExpiresAt: new Date(Date.now() + 86400_000),
  });
  return access;
}

/** Rows per table: proof that a refused request wrote nothing. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = (await db.execute(sql.raw(`select count(*)::int as n from "${table_name}"`))) as unknown as {
      rows: { n: number }[];
    };
    counts[table_name] = result.rows[0]!.n;
  }
  return counts;
}
