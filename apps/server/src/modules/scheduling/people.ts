import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { findPeople, type Person } from '../users/users.module.ts';

/**
 * Teachers and students are users (the users area owns them); scheduling only reads who they are.
 * A key that is not an active user of the expected role is refused as that field's error.
 */
async function people(q: Queryable, keys: readonly string[], roles: readonly string[]): Promise<Person[]> {
  return findPeople(q, keys, { roles, activeOnly: true });
}

export async function activeTeacher(q: Queryable, key: string, field: string): Promise<Person> {
  const [teacher] = await people(q, [key], ['Teacher']);
  if (!teacher) throw new AppError('FAILED_VALIDATION', { fields: [{ field, key: 'notTeacher' }] });
  return teacher;
}

export async function activeAssistant(q: Queryable, key: string, field: string): Promise<Person> {
  const [assistant] = await people(q, [key], ['AssistantTeacher', 'Teacher']);
  if (!assistant) throw new AppError('FAILED_VALIDATION', { fields: [{ field, key: 'notAssistant' }] });
  return assistant;
}

/** Every key must be an active student; the answer keeps the request's order. */
export async function activeStudents(
  q: Queryable,
  keys: readonly string[],
  field: string,
): Promise<Person[]> {
  const unique = [...new Set(keys)];
  const found = await people(q, unique, ['Student']);
  const byKey = new Map(found.map((p) => [p.publicKey, p]));
  if (unique.some((k) => !byKey.has(k)))
    throw new AppError('FAILED_VALIDATION', { fields: [{ field, key: 'notStudent' }] });
  return unique.map((k) => byKey.get(k)!);
}
