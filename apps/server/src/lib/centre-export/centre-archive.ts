import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { CENTRE_EXPORT_COLUMNS_FILE } from '@tutoria/shared';
import type { Db } from '../../db/client.ts';
import { csvField } from '@tutoria/shared';
import { inSnapshot, snapshotMoment, tableBatches } from './centre-export.repo.ts';
import { columnsCsv, readmeText } from './export-docs.ts';
import { exportTables } from './export-tables.ts';

export interface CentreArchive {
  /** The zip, read once; its file is already unlinked, so nothing stays on disk when it closes. */
  body: Readable;
  totalRows: number;
  tables: number;
  snapshotAt: string;
}

/** One CSV line; text is formula-neutralised as the finance exports do, numbers written as they are. */
function csvLine(values: readonly (string | null)[], numeric: readonly boolean[]): string {
  return values
    .map((value, i) => (value === null ? '' : csvField(numeric[i] ? { number: value } : { text: value })))
    .join(',');
}

/**
 * Writes the whole centre (issue 33) as a zip, table after table, in one snapshot: rows are read in
 * batches and deflated as they come (fflate's streaming Zip), so memory holds one batch. The zip
 * goes to an owner-only temporary file at disk speed and the snapshot's transaction ends before a
 * byte is sent: on PGlite (one connection) a transaction held open while a slow client downloads
 * would stop every other request. The answer then streams the file.
 */
export async function writeCentreArchive(db: Db, batchSize: number): Promise<CentreArchive> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutoria-export-'));
  const file = path.join(dir, 'centre.zip');
  try {
    const out = createWriteStream(file, { mode: 0o600 });
    const pending: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else pending.push(data);
    });
    const flush = async () => {
      if (failure) throw failure;
      for (let chunk = pending.shift(); chunk; chunk = pending.shift()) {
        if (!out.write(chunk)) await once(out, 'drain');
      }
    };
    const addText = (name: string, text: string) => {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(text), true);
    };

    const rows = new Map<string, number>();
    const snapshotAt = await inSnapshot(db, async (tx) => {
      const at = await snapshotMoment(tx);
      for (const table of exportTables()) {
        const part = new ZipDeflate(table.file, { level: 6 });
        zip.add(part);
        const numeric = table.columns.map((c) => c.form === 'number');
        part.push(strToU8(`\uFEFF${table.columns.map((c) => csvField({ text: c.name })).join(',')}\r\n`));
        let count = 0;
        for await (const batch of tableBatches(tx, table, batchSize)) {
          part.push(strToU8(`${batch.map((values) => csvLine(values, numeric)).join('\r\n')}\r\n`));
          count += batch.length;
          await flush();
        }
        part.push(new Uint8Array(0), true);
        rows.set(table.name, count);
        await flush();
      }
      return at;
    });
    addText('README.txt', readmeText({ at: snapshotAt, rows }));
    addText(CENTRE_EXPORT_COLUMNS_FILE, columnsCsv());
    zip.end();
    await flush();
    out.end();
    await once(out, 'finish');

    // Opened, then unlinked: the open file is read to its end and the disk keeps nothing after.
    const handle = await open(file, 'r');
    await rm(dir, { recursive: true, force: true });
    return {
      body: handle.createReadStream(),
      totalRows: [...rows.values()].reduce((a, b) => a + b, 0),
      tables: rows.size,
      snapshotAt,
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
