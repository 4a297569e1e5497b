import {
  type CreateContractBody,
  type EditContractBody,
  type ListQuery,
  type MessageKey,
  moneyText,
  type StudentContractBalance,
} from '@tutoria/shared';
import type { SQL } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, type AppErrorText, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { studentInScope } from './balances.repo.ts';
import { contractFileStore } from './contract-files.service.ts';
import * as repo from './contracts.repo.ts';
import { auditedContract, toContract } from './contracts.views.ts';
import { studentMoneyScope } from './money-reach.ts';
import { checkMinorUnits } from './money-units.ts';

export type ContractsService = ReturnType<typeof createContractsService>;

const invalid = (field: string, key: MessageKey, values?: AppErrorText['values']) =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key, values }] });

/**
 * Contracts (SPEC §7 "Finance: contracts"; DESIGN §7; docs/finance.md "Contracts"). Reach first:
 * the contract's student must be one the caller reaches with money (a consultant their consultees,
 * a financial admin and the admin every student), else 404 as if absent. Each command is one
 * transaction under the contract's row lock, writes the audit trail (`contract.created`, `.edited`,
 * `.deleted`) and records `contract.changed` in the outbox. A contract is not money: its payments
 * are deposits of type Contract, and a contract any deposit names is not deleted.
 */
export function createContractsService(ctx: ModuleContext) {
  const { db, transaction } = ctx;
  const { currency } = ctx.config;
  const files = contractFileStore(ctx.config.filesDir);

  /** The student a contract is for: in reach (else 404) and a student (a key of staff is refused by name). */
  async function studentOrRefuse(q: Queryable, scope: SQL | undefined, studentKey: string) {
    const student = await studentInScope(q, studentKey, scope);
    if (student) return student;
    if (scope === undefined) throw invalid('studentPublicKey', 'contractNotAStudent');
    throw notFound();
  }

  /** A body's values, its amounts checked against the currency and the discount against value + additional. */
  async function valuesOf(q: Queryable, body: CreateContractBody) {
    checkMinorUnits(currency, {
      contractValue: body.contractValue,
      discountValue: body.discountValue,
      ...Object.fromEntries(body.additionalContracts.map((a, i) => [`additionalContracts.${i}.value`, a.value])),
    });
    const additions = body.additionalContracts.map((a) => ({ title: a.title, value: moneyText(a.value) }));
    const values: repo.ContractValues = {
      studentKey: body.studentPublicKey,
      contractType: body.contractType,
      contractValue: moneyText(body.contractValue),
      discountValue: moneyText(body.discountValue),
    };
    const gross = await repo.grossOf(q, values.contractValue, additions.map((a) => a.value));
    if (await repo.exceeds(q, values.discountValue, gross)) {
      throw invalid('discountValue', 'contractDiscountAboveTotal', { total: { money: gross, currency } });
    }
    return { values, additions };
  }

  async function loaded(q: Queryable, contractId: string) {
    const row = await repo.contractById(q, contractId, undefined);
    if (!row) throw notFound();
    return row;
  }

  const changed = (q: Queryable, user: SessionUser, contractId: string, studentKey: string, action: 'created' | 'edited' | 'deleted') =>
    ctx.events.record(q, 'contract.changed', { contractId, studentKey, action, actorKey: user.publicKey });

  return {
    async list(user: SessionUser, query: ListQuery) {
      const page = await repo.listContracts(db, query, studentMoneyScope(user), ctx.config.listAllCap);
      return { data: page.data.map(toContract), totalCount: page.totalCount };
    },

    /** `GetStudentsContractBalance`: a student in reach, their contracts and their sums. */
    async studentBalance(user: SessionUser, studentKey: string): Promise<StudentContractBalance> {
      const student = await studentInScope(db, studentKey, studentMoneyScope(user));
      if (!student) throw notFound();
      const rows = await repo.contractsOfStudent(db, studentKey);
      const [first] = rows;
      return {
        studentPublicKey: student.publicKey,
        studentName: student.fullName,
        contracts: rows.map(toContract),
        total: Number(first?.sumTotal ?? 0),
        paid: Number(first?.sumPaid ?? 0),
        waiting: Number(first?.sumWaiting ?? 0),
        balance: Number(first?.sumBalance ?? 0),
      };
    },

    create(user: SessionUser, body: CreateContractBody) {
      const scope = studentMoneyScope(user);
      return transaction(async (tx) => {
        await studentOrRefuse(tx, scope, body.studentPublicKey);
        const { values, additions } = await valuesOf(tx, body);
        const contractId = await repo.insertContract(tx, { ...values, createdBy: user.publicKey });
        await repo.replaceAdditions(tx, contractId, additions);
        const after = await loaded(tx, contractId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'contract.created', entity: 'contract', entityId: contractId, after: auditedContract(after) });
        await changed(tx, user, contractId, after.studentKey, 'created');
        return toContract(after);
      });
    },

    /** Edits a contract in reach; its student changes only while no deposit names it. */
    edit(user: SessionUser, body: EditContractBody) {
      const scope = studentMoneyScope(user);
      return transaction(async (tx) => {
        const locked = await repo.lockContract(tx, body.contractId, scope, 'update');
        if (!locked) throw notFound();
        await studentOrRefuse(tx, scope, body.studentPublicKey);
        if (locked.studentKey !== body.studentPublicKey && (await repo.paymentsOf(tx, body.contractId)) > 0) {
          throw invalid('studentPublicKey', 'contractStudentHasPayments');
        }
        const { values, additions } = await valuesOf(tx, body);
        const before = await loaded(tx, body.contractId);
        await repo.updateContract(tx, body.contractId, values);
        await repo.replaceAdditions(tx, body.contractId, additions);
        const after = await loaded(tx, body.contractId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'contract.edited',
          entity: 'contract',
          entityId: body.contractId,
          before: auditedContract(before),
          after: auditedContract(after),
        });
        await changed(tx, user, body.contractId, after.studentKey, 'edited');
        return toContract(after);
      });
    },

    /**
     * Deletes a contract in reach that no deposit names (its additional contracts and file go with
     * it; the file leaves the disk after commit). One with payments is refused, nothing written.
     */
    async delete(user: SessionUser, contractId: string) {
      const storedName = await transaction(async (tx) => {
        const locked = await repo.lockContract(tx, contractId, studentMoneyScope(user), 'update');
        if (!locked) throw notFound();
        const count = await repo.paymentsOf(tx, contractId);
        if (count > 0) throw new AppError('DELETE_FAILED', { text: { key: 'contractHasPayments', values: { count } } });
        const before = await loaded(tx, contractId);
        const removed = await repo.deleteContract(tx, contractId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'contract.deleted', entity: 'contract', entityId: contractId, before: auditedContract(before) });
        await changed(tx, user, contractId, locked.studentKey, 'deleted');
        return removed;
      });
      if (storedName) {
        await files.remove([storedName]).catch((error: unknown) => ctx.log.error({ err: error, contractId }, 'contract file could not be removed from disk'));
      }
    },
  };
}
