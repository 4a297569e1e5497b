import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { contract, type EndpointInput } from '@tutoria/shared';
import type { Db } from '../src/db/client.ts';
import type { Person } from './scheduling-factories.ts';
import type { TestApp } from './test-app.ts';

/** Contracts in the API tests (issue 28): bodies, records made through the API, and the state to compare. */

type ContractInput = EndpointInput<typeof contract.contracts.create>['body'];

export const contractBody = (student: Person, extra: Partial<ContractInput> = {}): ContractInput => ({
  contractType: 'ApplicationForUniversities',
  studentPublicKey: student.publicKey,
  contractValue: 5000,
  additionalContracts: [{ title: 'Personal statement', value: 800.5 }],
  discountValue: 300,
  ...extra,
});

/** Records a contract through the API and answers it. */
export async function createContract(t: TestApp, token: string, body: ContractInput) {
  const res = await t.call(contract.contracts.create, { body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().contract as { contractId: string; total: number; paid: number; balance: number };
}

/** A deposit of type Contract for `contractId` (the student's), through the API; confirmed by `confirmer` if given. */
export async function payContract(
  t: TestApp,
  token: string,
  student: Person,
  contractId: string,
  amount: number,
  confirmer?: Person,
) {
  const body = {
    studentPublicKey: student.publicKey,
    contractId,
    depositType: 'Contract' as const,
    amount,
    chargeAt: 1_790_000_000,
    paymentMethod: 'BankCardTransfer' as const,
  };
  const res = await t.call(contract.deposits.create, { body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  const depositId = res.json().deposit.depositId as string;
  if (confirmer) {
    const confirmed = await t.call(contract.deposits.confirm, { body: { depositId } }, { token: confirmer.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return depositId;
}

/** What a refused contract command must leave as it was: every contract row, addition, file, payment, ledger line, audit row and event. */
export async function contractState(db: Db) {
  const one = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    contracts: await one(sql`select * from contracts order by contract_id`),
    additions: await one(sql`select * from contract_additions order by contract_id, position`),
    files: await one(sql`select * from contract_files order by contract_id`),
    deposits: await one(sql`select deposit_id, student_key, classroom_id, contract_id, amount, confirmed_at from deposits order by deposit_id`),
    counts: await one(sql`select (select count(*)::int from ledger_entries) as entries, (select count(*)::int from audit_log) as audit,
      (select count(*)::int from outbox_events) as events`),
  };
}
