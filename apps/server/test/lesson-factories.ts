import { randomBytes } from 'node:crypto';
import type { BaseType, Level } from '@tutoria/shared';
import type { Db } from '../src/db/client.ts';
import { lessons, specificationLessons, specifications } from '../src/db/schema/index.ts';

/** A lesson straight in the database, with a unique name unless given. */
export async function buildLesson(
  db: Db,
  overrides: Partial<Omit<typeof lessons.$inferInsert, 'level' | 'baseType'>> & {
    level?: Level;
    baseType?: BaseType;
  } = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(lessons)
    .values({
      name: `Mathematics ${suffix}`,
      title: `Pure Mathematics ${suffix}`,
      level: 'A_LEVEL',
      baseType: 'A_LEVEL',
      teachingTimeInHour: '1.50',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A course with the given lessons, in order. */
export async function buildSpecification(
  db: Db,
  lessonIds: readonly string[],
  overrides: Partial<Omit<typeof specifications.$inferInsert, 'level' | 'baseType'>> & {
    level?: Level;
    baseType?: BaseType;
  } = {},
) {
  const [row] = await db
    .insert(specifications)
    .values({
      title: `Course ${randomBytes(4).toString('hex')}`,
      level: 'A_LEVEL',
      baseType: 'A_LEVEL',
      ...overrides,
    })
    .returning();
  if (lessonIds.length) {
    await db
      .insert(specificationLessons)
      .values(
        lessonIds.map((lessonId, position) => ({
          specificationId: row!.specificationId,
          lessonId,
          position,
        })),
      );
  }
  return row!;
}
