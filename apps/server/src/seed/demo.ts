import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_PASSWORD, demoUsers } from './demo-users.ts';

/** Creates the demo centre when the database has no users yet; answers whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return false;
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(demoUsers.map((u, i) => ({ ...u, passwordHash: hashes[i]! })))
      .returning({ publicKey: users.publicKey, role: users.role });
    const consultant = inserted.find((u) => u.role === 'AcademicConsultant')!;
    const student = inserted.find((u) => u.role === 'Student')!;
    await tx.update(users).set({ consultantKey: consultant.publicKey }).where(eq(users.publicKey, student.publicKey));
  });
  return true;
}
