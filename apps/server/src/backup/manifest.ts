import fs from 'node:fs';
import path from 'node:path';

/** What a backup holds and how to check it (`manifest.json`, the archive's first entry). */
export interface Manifest {
  format: 'tutoria-backup';
  formatVersion: 1;
  appVersion: string;
  /** The last migration applied to the database it came from. */
  migration: { tag: string; when: number; count: number };
  createdAt: string;
  kind: BackupKind;
  database: 'pglite' | 'postgres';
  /** In foreign-key order: a restore inserts them in this order. */
  tables: { name: string; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** Paths under DATA_DIR/files, each the archive's `files/<path>`. */
  files: string[];
  /** Files a row names that were not on disk when the backup was made (already lost). */
  missingFiles: string[];
  /** Every other entry's size and SHA-256 (hex). */
  entries: Record<string, { size: number; sha256: string }>;
}

export const backupKinds = ['manual', 'nightly', 'upgrade'] as const;
export type BackupKind = (typeof backupKinds)[number];

export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const fileEntry = (file: string) => `files/${file}`;

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations a folder holds, oldest first (drizzle's journal). */
export function journalOf(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

/** The server's version (apps/server/package.json). */
export function appVersion(): string {
  const file = path.join(import.meta.dirname, '../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * A copy of the migrations folder that stops at `when` (inclusive), so drizzle builds the schema a
 * backup was made on before its rows go in; the later migrations run after them.
 */
export function migrationsUpTo(migrationsFolder: string, when: number, into: string): string {
  const journalFile = path.join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
  const kept = journal.entries.filter((entry) => entry.when <= when);
  fs.mkdirSync(path.join(into, 'meta'), { recursive: true });
  for (const entry of kept) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return into;
}
