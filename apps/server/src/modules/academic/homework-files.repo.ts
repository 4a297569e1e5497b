import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { homeworkFiles, homeworks } from '../../db/schema/academic.ts';
import { selectRow } from '../../db/sql.ts';

/** Homework files (hw-files): rows of `homework_files`, their homework's keys for the scope check. */

export type HomeworkFileRow = typeof homeworkFiles.$inferSelect;

/**
 * A homework's files as a JSON array of the contract's shape, oldest first: a column of the
 * homework reads (`h` the homework alias), so any number of homework costs one indexed lookup each.
 */
export const homeworkFilesColumn = (homeworkId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('homeworkFileId', hf.homework_file_id, 'role', hf.role,
      'name', hf.name, 'kind', hf.kind, 'sizeInBytes', hf.size_in_bytes,
      'createMoment', floor(extract(epoch from hf.create_moment))) order by hf.create_moment, hf.homework_file_id)
    from ${homeworkFiles} hf where hf.homework_id = ${homeworkId}), '[]'::json)`;

/** The homework a file upload or a scope check is about; locked (for update) inside a command. */
export async function findHomework(q: Queryable, homeworkId: string, lock = false) {
  const query = q
    .select({
      homeworkId: homeworks.homeworkId,
      sessionId: homeworks.sessionId,
      classroomId: homeworks.classroomId,
      studentKey: homeworks.studentKey,
      state: homeworks.state,
    })
    .from(homeworks)
    .where(eq(homeworks.homeworkId, homeworkId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type HomeworkOfFile = NonNullable<Awaited<ReturnType<typeof findHomework>>>;

/** A file with its homework's class (the folder it is kept in). */
export async function findFile(q: Queryable, homeworkFileId: string) {
  const [row] = await q
    .select({ ...getTableColumns(homeworkFiles), classroomId: homeworks.classroomId })
    .from(homeworkFiles)
    .innerJoin(homeworks, eq(homeworks.homeworkId, homeworkFiles.homeworkId))
    .where(eq(homeworkFiles.homeworkFileId, homeworkFileId));
  return row;
}

export async function countFiles(q: Queryable, homeworkId: string, role: string): Promise<number> {
  const row = await selectRow<{ count: number }>(
    q,
    sql`select count(*)::int as count from ${homeworkFiles} where homework_id = ${homeworkId} and role = ${role}`,
  );
  return row?.count ?? 0;
}

export async function insertFiles(
  q: Queryable,
  rows: (typeof homeworkFiles.$inferInsert)[],
): Promise<HomeworkFileRow[]> {
  return q.insert(homeworkFiles).values(rows).returning();
}

export async function deleteFile(q: Queryable, homeworkFileId: string, homeworkId: string) {
  const [row] = await q
    .delete(homeworkFiles)
    .where(and(eq(homeworkFiles.homeworkFileId, homeworkFileId), eq(homeworkFiles.homeworkId, homeworkId)))
    .returning();
  return row;
}

export async function storedNamesOfHomework(q: Queryable, homeworkId: string): Promise<string[]> {
  const rows = await q
    .select({ storedName: homeworkFiles.storedName })
    .from(homeworkFiles)
    .where(eq(homeworkFiles.homeworkId, homeworkId));
  return rows.map((r) => r.storedName);
}

export async function deleteHomework(q: Queryable, homeworkId: string): Promise<void> {
  await q.delete(homeworks).where(eq(homeworks.homeworkId, homeworkId));
}
