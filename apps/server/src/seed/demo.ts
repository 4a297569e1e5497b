import { count, eq } from 'drizzle-orm';
import { studentProfileInput } from '@tutoria/shared';
import type { Db, Queryable } from '../db/client.ts';
import { loginAttempts, studentProfiles, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { profileValues } from '../modules/users/users.mapping.ts';
// finance (issue 11)
import { seedDemoFinance } from './demo-finance.ts';
// finance: teacher fees, teacher salary, side costs (issue 11, fin-fees)
import { seedDemoFees } from './demo-fees.ts';
import { seedDemoLessons } from './demo-lessons.ts';
import { seedDemoScheduling } from './demo-scheduling.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
// academic reports (issue 10)
import { seedDemoReports } from './demo-reports.ts';
// surveys (issue 12)
import { seedDemoSurveys } from './demo-surveys.ts';
import { DEMO_PASSWORD, type DemoUser, demoUsers, moreDemoUsers } from './demo-users.ts';
// progress stage (issue 12)
import { seedDemoProgress } from './demo-progress.ts';
// finance: transfers (issue 11)
import { seedDemoTransfers } from './demo-transfers.ts';
// parent report links (issue 10, acad-parent)
import { seedDemoParentLink } from './demo-parent-link.ts';
// teacher settlements (issue 28)
import { seedDemoSettlements } from './demo-settlements.ts';
// contracts (issue 28)
import { seedDemoContracts } from './demo-contracts.ts';
// the grown demo centre (issue 29)
import { seedDemoCentre } from './demo-centre.ts';

/**
 * The demo centre's people: one login per role plus more teachers, a second consultant and a dozen
 * students with profiles and consultants, a disabled teacher and an archived student, and some past
 * sign-ins for the login history. Answers userName → publicKey for the other areas' demo data.
 */
async function insertDemoUsers(tx: Queryable, passwordHash: string): Promise<Map<string, string>> {
  const people: DemoUser[] = [...demoUsers, ...moreDemoUsers];
  const day = 86_400_000;
  const inserted = await tx
    .insert(users)
    .values(
      people.map((u, i) => ({
        userName: u.userName,
        fullName: u.fullName,
        nickName: u.nickName,
        role: u.role,
        phoneNumber: u.phoneNumber,
        emailAddress: u.emailAddress,
        baseType: u.baseType ?? null,
        status: u.status ?? 'active',
        passwordHash,
        // Spread the accounts over the past months so the list's default order means something.
        createMoment: new Date(Date.now() - (people.length - i) * 3 * day),
      })),
    )
    .returning({ publicKey: users.publicKey, userName: users.userName });
  const keys = new Map(inserted.map((u) => [u.userName, u.publicKey]));
  for (const person of people) {
    if (person.consultant) {
      await tx
        .update(users)
        .set({ consultantKey: keys.get(person.consultant)! })
        .where(eq(users.publicKey, keys.get(person.userName)!));
    }
  }
  const profiles = people.filter((p) => p.role === 'Student');
  if (profiles.length) {
    await tx.insert(studentProfiles).values(
      profiles.map((p) => ({
        userKey: keys.get(p.userName)!,
        ...profileValues(studentProfileInput.parse(p.profile ?? {})),
      })),
    );
  }
  const sign = (userName: string, daysAgo: number, success: boolean, userAgent: string, ip: string) => ({
    userKey: keys.get(userName)!,
    userName,
    success,
    ip,
    userAgent,
    at: new Date(Date.now() - daysAgo * day),
  });
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const wechat =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.49';
  await tx
    .insert(loginAttempts)
    .values([
      sign('student', 9, true, safari, '101.86.12.40'),
      sign('student', 4, false, safari, '101.86.12.40'),
      sign('student', 4, true, safari, '101.86.12.40'),
      sign('student', 1, true, wechat, '117.136.8.21'),
      sign('teacher', 3, true, chrome, '58.33.110.7'),
      sign('consultant', 2, true, chrome, '58.33.110.9'),
      sign('olivia_sun', 5, true, wechat, '223.104.3.18'),
      sign('leo_guo', 6, true, chrome, '183.14.29.201'),
    ]);
  return keys;
}

/**
 * Creates the demo centre when the database has no users yet; answers false when it did not, else
 * what the start-up log tells (the demo parent report link's path).
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: { parentLinkDays?: number } = {},
): Promise<false | { parentReportPath: string | null }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return false;
  let parentReportPath: string | null = null;
  // Every demo account shares the demo password: one argon2 hash, made before the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await insertDemoUsers(tx, passwordHash);
    await seedDemoLessons(tx);
    await seedDemoScheduling(tx);
    // finance (issue 11): prices, deposits through the ledger, the reserved / formal split.
    await seedDemoFinance(tx);
    // finance: transfers (issue 11): one confirmed, one waiting; after the deposits.
    await seedDemoTransfers(tx);
    // finance: teacher fees, a class's teacher salary, side costs (issue 11, fin-fees)
    await seedDemoFees(tx);
    // teacher settlements (issue 28): earnings in the ledger, one paid settlement, unpaid earnings left.
    await seedDemoSettlements(tx);
    // contracts (issue 28): one of each type with a payment (deposits of type Contract), one unpaid.
    await seedDemoContracts(tx);
    // Notifications (issue 12): last, so they can name the demo classes.
    await seedDemoNotifications(tx);
    // academic reports (issue 10): homework, exams and progress on the held sessions.
    await seedDemoReports(tx);
    // progress stage (issue 12): the demo student's course plan and applications.
    await seedDemoProgress(tx);
    // parent report links (issue 10, acad-parent): one ready link, printed in the start-up log.
    parentReportPath = await seedDemoParentLink(tx, options.parentLinkDays ?? 14);
    // surveys (issue 12): after scheduling, whose held sessions the round's answers name.
    await seedDemoSurveys(tx);
    // the grown centre (issue 29): 40 students, 8 teachers, 20 more classes, twelve weeks of records
    // and money, set-based; last, beside the hand-made records above, which it leaves as they are.
    await seedDemoCentre(tx, passwordHash);
  });
  return { parentReportPath };
}
