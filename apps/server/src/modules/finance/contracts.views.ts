import type { Contract, ContractFileKind, ContractType } from '@tutoria/shared';
import type { ContractRow } from './contracts.repo.ts';

/**
 * Contract rows to the contract's shapes. Decimal strings from PostgreSQL become JSON numbers only
 * here, at the edge (DESIGN §4); every figure was summed in SQL.
 */
export function toContract(row: Omit<ContractRow, 'totalCount'>): Contract {
  return {
    contractId: row.contractId,
    contractType: row.contractType as ContractType,
    studentPublicKey: row.studentKey,
    studentName: row.studentName,
    consultantPublicKey: row.consultantKey,
    consultantName: row.consultantName,
    contractValue: Number(row.contractValue),
    additionalContracts: row.additionalContracts.map((a) => ({ title: a.title, value: Number(a.value) })),
    additionalContractsValue: Number(row.additionalValue),
    discountValue: Number(row.discountValue),
    total: Number(row.total),
    paid: Number(row.paid),
    waiting: Number(row.waiting),
    balance: Number(row.balance),
    paymentCount: row.paymentCount,
    file: row.file ? { ...row.file, kind: row.file.kind as ContractFileKind } : null,
    createMoment: row.createMoment,
    createdByName: row.createdByName,
  };
}

/** What the audit trail keeps of a contract: its own values as decimal strings. */
export const auditedContract = (row: Omit<ContractRow, 'totalCount'>) => ({
  contractType: row.contractType,
  studentPublicKey: row.studentKey,
  contractValue: row.contractValue,
  additionalContracts: row.additionalContracts,
  discountValue: row.discountValue,
});
