import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import {
  coursePlanEntries,
  progressApplications,
  progressApplicationStages,
  users,
} from '../db/schema/index.ts';

/** A YYYY-MM-DD day `days` from today (negative: in the past). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo student's progress stage (issue 12): a course plan on the lesson types of their demo
 * classes (A-Level maths and the SAT bootcamp, so the actual hours come from real held sessions)
 * and three university applications at different stages, kept by their consultant.
 */
export async function seedDemoProgress(tx: Queryable): Promise<void> {
  const found = await tx
    .select({ key: users.publicKey, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, ['student', 'consultant']));
  const keyOf = (name: string) => found.find((u) => u.userName === name)?.key;
  const student = keyOf('student');
  const consultant = keyOf('consultant') ?? null;
  if (!student) return;
  await tx.insert(coursePlanEntries).values([
    {
      studentKey: student,
      lessonType: 'A_LEVEL_Offline',
      sessionPerWeek: 1,
      lessonTopic: 'Pure mathematics and mechanics',
      suggestedHours: '24.00',
      classType: 'Private',
      status: 'New',
      createdBy: consultant,
    },
    {
      studentKey: student,
      lessonType: 'SAT_Offline',
      sessionPerWeek: 2,
      lessonTopic: 'SAT reading and writing',
      suggestedHours: '30.00',
      classType: 'Full',
      status: 'New',
      createdBy: consultant,
    },
    {
      studentKey: student,
      lessonType: 'IELTS_Online',
      sessionPerWeek: 1,
      lessonTopic: 'IELTS speaking review',
      suggestedHours: '12.50',
      classType: 'Private',
      status: 'Review',
      createdBy: consultant,
    },
  ]);
  const applications = [
    {
      institutionName: 'University College London',
      programme: 'Mathematics BSc',
      deadline: day(60),
      stages: [
        ['Preparing', day(-40)],
        ['Submitted', day(-20)],
        ['Interview', day(-5)],
      ],
    },
    {
      institutionName: 'University of Edinburgh',
      programme: 'Physics MPhys',
      deadline: day(45),
      stages: [
        ['Preparing', day(-30)],
        ['Submitted', day(-12)],
        ['Offer', day(-2)],
      ],
    },
    {
      institutionName: 'University of Toronto',
      programme: 'Engineering Science',
      deadline: day(90),
      stages: [['Preparing', day(-7)]],
    },
  ] as const;
  for (const application of applications) {
    const [row] = await tx
      .insert(progressApplications)
      .values({
        studentKey: student,
        institutionType: 'University',
        institutionName: application.institutionName,
        programme: application.programme,
        deadline: application.deadline,
        status: application.stages.at(-1)![0],
        createdBy: consultant,
      })
      .returning({ id: progressApplications.progressStageApplicationId });
    await tx.insert(progressApplicationStages).values(
      application.stages.map(([status, reachedOn]) => ({
        progressStageApplicationId: row!.id,
        status,
        reachedOn,
        changedBy: consultant,
      })),
    );
  }
}
