import { randomBytes } from 'node:crypto';
import type { Db } from '../apps/server/src/db/client.ts';
import { authSessions, users } from '../apps/server/src/db/schema/index.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/crypto.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';

/** 5,000 students and 300 teachers (DESIGN §9's sizes), inserted in batches; answers an admin token. */
export async function seedBenchUsers(db: Db): Promise<string> {
  const passwordHash = await hashPassword('Bench@1234');
  const rows = [
    ...Array.from({ length: 300 }, (_, i) => ({ role: 'Teacher', fullName: `Teacher ${i}` })),
    ...Array.from({ length: 5000 }, (_, i) => ({ role: 'Student', fullName: `Student ${i}` })),
  ].map((u) => ({ ...u, userName: `${u.role.toLowerCase()}-${randomBytes(5).toString('hex')}`, passwordHash }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(users).values(rows.slice(i, i + 1000));
  const [admin] = await db.insert(users).values({ role: 'Admin', fullName: 'Bench Admin', userName: 'bench-admin', passwordHash }).returning();
  const token = randomToken();
  await db.insert(authSessions).values({
    userKey: admin!.publicKey,
    accessTokenHash: sha256(token),
    refreshTokenHash: sha256(randomToken()),
    accessExpiresAt: new Date(Date.now() + 3600_000),
    refreshExpiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}
