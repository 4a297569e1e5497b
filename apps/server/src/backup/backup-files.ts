import fs from 'node:fs';
import path from 'node:path';
import { isEncrypted } from './backup-crypto.ts';
import { type BackupKind, backupKinds } from './manifest.ts';

/** One backup file in BACKUP_DIR, as the settings page lists it. */
export interface BackupFile {
  fileName: string;
  path: string;
  /** Epoch seconds (from the name: the moment the snapshot was taken, UTC). */
  createdAt: number;
  sizeInBytes: number;
  kind: BackupKind;
  encrypted: boolean;
}

const NAME = new RegExp(`^tutoria-backup-(\\d{8}T\\d{9}Z)-(${backupKinds.join('|')})\\.tbk$`);

/** `tutoria-backup-20260501T023000123Z-nightly.tbk`: sorts by time, says its kind. */
export function backupFileName(at: Date, kind: BackupKind): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `tutoria-backup-${stamp}-${kind}.tbk`;
}

function createdAtOf(stamp: string): number {
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
  return Math.floor(Date.parse(iso) / 1000);
}

export async function describeBackup(file: string): Promise<BackupFile | null> {
  const fileName = path.basename(file);
  const match = NAME.exec(fileName);
  if (!match) return null;
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) return null;
    return {
      fileName,
      path: file,
      createdAt: createdAtOf(match[1]!),
      sizeInBytes: stat.size,
      kind: match[2] as BackupKind,
      encrypted: await isEncrypted(file),
    };
  } catch {
    return null; // pruned or moved away meanwhile
  }
}

/** The finished backups in the folder, newest first (files still being written end in `.partial`). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found = await Promise.all(names.filter((n) => NAME.test(n)).map((n) => describeBackup(path.join(dir, n))));
  return found.filter((b): b is BackupFile => b !== null).sort((a, b) => (a.fileName < b.fileName ? 1 : -1));
}

/** Deletes the nightly backups past the newest `keep`; manual and upgrade ones are the Admin's to remove. */
export async function pruneNightly(dir: string, keep: number): Promise<string[]> {
  const nightly = (await listBackups(dir)).filter((b) => b.kind === 'nightly');
  const removed = nightly.slice(keep);
  for (const backup of removed) await fs.promises.rm(backup.path, { force: true });
  return removed.map((b) => b.fileName);
}
