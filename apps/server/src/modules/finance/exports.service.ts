import type { Readable } from 'node:stream';
import type { ExportFormat, GetListQuery, Language, LessonType, ListExportBody } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';
import { type SheetColumn, sheetContentTypes, sheetStream } from '../../lib/sheet-stream.ts';
import type { ModuleContext } from '../module.ts';
import { balancesForExport } from './debtors.repo.ts';
import { depositsForExport } from './deposits.repo.ts';
import {
  balanceColumns,
  contractColumns,
  depositColumns,
  exportNames,
  settlementColumns,
  sideCostColumns,
  teacherBalanceColumns,
  transferColumns,
} from './export-columns.ts';
import { studentMoneyScope } from './money-reach.ts';
import { transferListQuery } from './transfers.service.ts';
import { transfersForExport } from './transfers.repo.ts';
import { moneyPlaces } from './money-units.ts';
import { contractsForExport } from './contracts.repo.ts';
import { teacherSums } from './settlement-reports.repo.ts';
import { settlementsForExport } from './settlements.repo.ts';
import { sideCostsForExport } from './side-costs-list.repo.ts';

export type ExportsService = ReturnType<typeof createExportsService>;

/** Rows read per query: one batch in memory at a time. */
export const EXPORT_BATCH_SIZE = 1000;

export interface ExportFile {
  body: Readable;
  contentType: string;
  fileName: string;
  totalRows: number;
}

/**
 * Finance exports (SPEC §7 Exports): exactly the rows the list shows with the same filters and
 * order, in the list's scope (a consultant their consultees', a financial admin all), streamed:
 * counted first (X-Total-Rows), then read in keyset-paged batches as the client takes the bytes.
 */
export function createExportsService(ctx: ModuleContext) {
  const { db, config } = ctx;

  async function file<R>(
    source: { count: () => Promise<number>; batches: () => AsyncIterable<R[]> },
    name: Record<Language, string>,
    columns: SheetColumn<R>[],
    format: ExportFormat,
    language: Language,
  ): Promise<ExportFile> {
    const totalRows = await source.count();
    const date = new Intl.DateTimeFormat('sv-SE', { timeZone: config.timeZone }).format(new Date());
    return {
      totalRows,
      contentType: sheetContentTypes[format],
      fileName: `${name[language]}-${date}.${format}`,
      body: sheetStream(format, {
        sheetName: name[language],
        columns,
        language,
        timeZone: config.timeZone,
        moneyDecimals: moneyPlaces(config.currency),
        batches: source.batches(),
      }),
    };
  }

  return {
    deposits(user: SessionUser, body: ListExportBody, language: Language) {
      const source = depositsForExport(db, body, studentMoneyScope(user), {
        batchSize: EXPORT_BATCH_SIZE,
        timeZone: config.timeZone,
      });
      return file(source, exportNames.deposits, depositColumns(language), body.format, language);
    },
    transfers(user: SessionUser, query: GetListQuery & { format: ExportFormat }, language: Language) {
      const source = transfersForExport(
        db,
        transferListQuery(query),
        studentMoneyScope(user),
        EXPORT_BATCH_SIZE,
      );
      return file(source, exportNames.transfers, transferColumns(language), query.format, language);
    },
    balances(user: SessionUser, body: ListExportBody, language: Language) {
      const source = balancesForExport(db, body, studentMoneyScope(user), EXPORT_BATCH_SIZE);
      return file(source, exportNames.balances, balanceColumns(), body.format, language);
    },
    // issue 28: side costs (the money reach), settlements and teachers' balance (finance only), contracts (the money reach)
    sideCosts(user: SessionUser, body: ListExportBody, language: Language) {
      const source = sideCostsForExport(db, body, studentMoneyScope(user), {
        batchSize: EXPORT_BATCH_SIZE,
        timeZone: config.timeZone,
      });
      return file(source, exportNames.sideCosts, sideCostColumns(), body.format, language);
    },
    settlements(body: ListExportBody, language: Language) {
      const source = settlementsForExport(db, body, { batchSize: EXPORT_BATCH_SIZE, timeZone: config.timeZone });
      return file(source, exportNames.settlements, settlementColumns(language), body.format, language);
    },
    contracts(user: SessionUser, body: ListExportBody, language: Language) {
      const source = contractsForExport(db, body, studentMoneyScope(user), EXPORT_BATCH_SIZE);
      return file(source, exportNames.contracts, contractColumns(language), body.format, language);
    },
    /** One row per teacher (a few hundred at most): `getAllTeachersSum`'s rows, read once, written as one batch. */
    async teachersBalance(query: { lessonType?: LessonType; format: ExportFormat }, language: Language) {
      const rows = await teacherSums(db, { lessonType: query.lessonType });
      const source = {
        count: () => Promise.resolve(rows.length),
        async *batches() {
          if (rows.length) yield rows;
        },
      };
      return file(source, exportNames.teachersBalance, teacherBalanceColumns(), query.format, language);
    },
  };
}
