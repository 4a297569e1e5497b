import { sql } from 'drizzle-orm';
import type { ContractType } from '@tutoria/shared';
import { writeAudit } from '../db/audit.ts';
import type { Queryable } from '../db/client.ts';
import { deposits } from '../db/schema/index.ts';
import { selectRows } from '../db/sql.ts';
import { insertContract, replaceAdditions } from '../modules/finance/contracts.repo.ts';
import { depositPostings, post } from '../modules/finance/ledger.repo.ts';

const DAY = 86_400_000;

interface DemoContract {
  student: string;
  contractType: ContractType;
  contractValue: string;
  additions: { title: string; value: string }[];
  discountValue: string;
  /** Days ago it was signed. */
  signed: number;
  /** Deposits of type Contract: confirmed ones posted to the ledger, a waiting one not. */
  payments: { amount: string; method: string; daysAgo: number; confirmed: boolean }[];
}

/** One of each type with a payment, a second university application waiting for its first, one with nothing paid. */
const plan: DemoContract[] = [
  {
    student: 'student',
    contractType: 'ApplicationForUniversities',
    contractValue: '30000',
    additions: [
      { title: 'Personal statement', value: '2000' },
      { title: 'Interview preparation', value: '1500' },
    ],
    discountValue: '1500',
    signed: 60,
    payments: [
      { amount: '15000', method: 'BankCardTransfer', daysAgo: 55, confirmed: true },
      { amount: '5000', method: 'Wechat', daysAgo: 1, confirmed: false },
    ],
  },
  {
    student: 'olivia_sun',
    contractType: 'ApplicationForIndependentSchools',
    contractValue: '18000',
    additions: [{ title: 'Entrance exam coaching', value: '2400' }],
    discountValue: '0',
    signed: 40,
    payments: [{ amount: '9000', method: 'Alipay', daysAgo: 38, confirmed: true }],
  },
  {
    student: 'leo_guo',
    contractType: 'ProjectsOrAcademicConferences',
    contractValue: '6000',
    additions: [],
    discountValue: '600',
    signed: 30,
    payments: [{ amount: '2000', method: 'POS', daysAgo: 28, confirmed: true }],
  },
  {
    student: 'isabella_ma',
    contractType: 'ApplicationForUniversities',
    contractValue: '24000',
    additions: [{ title: 'Portfolio review', value: '1200.50' }],
    discountValue: '1000',
    signed: 5,
    payments: [],
  },
];

/**
 * The demo centre's contracts (issue 28): each type with a payment — a deposit of type Contract,
 * confirmed by both sides and posted to the ledger as the app posts it (cash ↔ contract revenue) —
 * a waiting payment, and a contract with nothing paid, so the contracts page and each student's
 * balance show real figures.
 */
export async function seedDemoContracts(tx: Queryable, now = new Date()): Promise<void> {
  const people = await selectRows<{ publicKey: string; userName: string }>(tx, sql`select public_key, user_name from users`);
  const key = new Map(people.map((p) => [p.userName, p.publicKey]));
  const consultant = key.get('consultant');
  const finance = key.get('finance');
  if (!consultant || !finance) return;
  for (const c of plan) {
    const studentKey = key.get(c.student);
    if (!studentKey) continue;
    const signedAt = new Date(now.getTime() - c.signed * DAY);
    const contractId = await insertContract(tx, {
      studentKey,
      contractType: c.contractType,
      contractValue: c.contractValue,
      discountValue: c.discountValue,
      createdBy: consultant,
    });
    await tx.execute(sql`update contracts set create_moment = ${signedAt}, updated_at = ${signedAt} where contract_id = ${contractId}`);
    await replaceAdditions(tx, contractId, c.additions);
    await writeAudit(tx, { actorKey: consultant, action: 'contract.created', entity: 'contract', entityId: contractId });
    for (const p of c.payments) {
      const at = new Date(now.getTime() - p.daysAgo * DAY);
      const confirmation = p.confirmed
        ? {
            consultantConfirmedBy: consultant,
            consultantConfirmedAt: at,
            financialConfirmedBy: finance,
            financialConfirmedAt: at,
            confirmedBy: finance,
            confirmedAt: at,
          }
        : {};
      const [row] = await tx
        .insert(deposits)
        .values({
          studentKey,
          contractId,
          amount: p.amount,
          depositType: 'Contract',
          paymentMethod: p.method,
          chargeAt: at,
          createdBy: consultant,
          createMoment: at,
          ...confirmation,
        })
        .returning({ depositId: deposits.depositId });
      if (!p.confirmed) continue;
      await post(
        tx,
        { kind: 'deposit.confirmed', idempotencyKey: `deposit:${row!.depositId}:confirmed`, actorKey: finance, depositId: row!.depositId },
        depositPostings({ amount: p.amount, discountValue: '0', studentKey, classroomId: null }),
      );
    }
  }
}
