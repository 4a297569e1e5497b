import { sql } from 'drizzle-orm';
import { contract } from '@tutoria/shared';
import { setPrice } from '../finance-factories.ts';
import { pdfFile } from '../files.ts';
import { multipartBody } from '../multipart.ts';
import { buildNotification } from '../notification-factories.ts';
import { signedHeaders } from '../signing.ts';
import { openRound, writeQuestions } from '../survey-factories.ts';
import { type ClassLabel, type Fixture, userLabels, type UserLabel } from './model.ts';
import { ok } from './fixture-records.ts';

/** Deposits: every amount differs, so an export's Amount column names its row. */
const depositPlan: { student: UserLabel; classroom: ClassLabel; amount: number; confirmed: boolean }[] = [
  { student: 'S1', classroom: 'G', amount: 501, confirmed: true },
  { student: 'S1', classroom: 'G', amount: 302, confirmed: false },
  { student: 'S2', classroom: 'G', amount: 251, confirmed: true },
  { student: 'S2', classroom: 'G', amount: 252, confirmed: false },
  { student: 'S3', classroom: 'P', amount: 303, confirmed: true },
  { student: 'S4', classroom: 'D', amount: 154, confirmed: true },
  { student: 'S4', classroom: 'D', amount: 54, confirmed: false },
];
const sideCostPlan: { student: UserLabel; classroom: ClassLabel; amount: number }[] = [
  { student: 'S1', classroom: 'G', amount: 11 },
  { student: 'S2', classroom: 'G', amount: 12 },
  { student: 'S4', classroom: 'D', amount: 14 },
];
/** A contract of each student (issue 28): S1's with a file; payments (deposits of type Contract) of S1 and S4 confirmed, S3's waiting. */
const contractPlan: { student: UserLabel; file: boolean; payment: { amount: number; confirmed: boolean } | null }[] = [
  { student: 'S1', file: true, payment: { amount: 71, confirmed: true } },
  { student: 'S2', file: false, payment: null },
  { student: 'S3', file: false, payment: { amount: 73, confirmed: false } },
  { student: 'S4', file: true, payment: { amount: 74, confirmed: true } },
];
/** From G to H; the first is confirmed (its credit moves and H is charged), the others wait. */
const transferPlan: { student: UserLabel; amount: number; confirmed: boolean }[] = [
  { student: 'S1', amount: 60, confirmed: true },
  { student: 'S1', amount: 61, confirmed: false },
  { student: 'S2', amount: 22, confirmed: false },
];

/**
 * Money as the Admin records it: a price of 100/h for every student in every class; the deposits
 * above (confirmed ones post and charge the held sessions; the waiting ones carry a receipt); side
 * costs; transfers from G to H. Then the credit accounts the ledger holds, read from its sums.
 */
export async function addMoney(f: Fixture) {
  const token = f.users.Admin.token;
  const key = (s: UserLabel) => f.users[s].publicKey;
  for (const c of Object.values(f.classes))
    for (const s of c.students) await setPrice(f.t.db, c.id, key(s), '100');
  for (const d of depositPlan) {
    const body = {
      studentPublicKey: key(d.student),
      classroomId: f.classes[d.classroom].id,
      amount: d.amount,
      chargeAt: f.range.start,
      paymentMethod: 'Cash' as const,
    };
    const depositId = (await ok(f.t.call(contract.deposits.create, { body }, { token }), 'deposit')).deposit
      .depositId as string;
    if (d.confirmed)
      await ok(f.t.call(contract.deposits.confirm, { body: { depositId } }, { token }), 'confirm deposit');
    else await attachReceipt(f, depositId);
    const label = `dep ${d.student} ${d.classroom} ${d.amount}`;
    f.deposits.push({ label, id: depositId, ...d, receipt: !d.confirmed });
    f.labels.set(depositId, label);
  }
  for (const s of sideCostPlan) {
    const body = {
      classroomId: f.classes[s.classroom].id,
      studentPublicKey: key(s.student),
      sideCosts: [{ title: `Books ${s.student}`, amount: s.amount }],
    };
    const saved = await ok(f.t.call(contract.sideCosts.upsert, { body }, { token }), 'side cost');
    const id = saved.sideCosts[0].sideCostId as string;
    const label = `side ${s.student} ${s.classroom}`;
    f.sideCosts.push({ label, id, ...s });
    f.labels.set(id, label);
  }
  for (const tr of transferPlan) {
    const body = {
      studentPublicKey: key(tr.student),
      sourceClassroomId: f.classes.G.id,
      destinationClassroomId: f.classes.H.id,
      amount: tr.amount,
    };
    const transferId = (await ok(f.t.call(contract.transfers.create, { body }, { token }), 'transfer'))
      .transfer.transferId as string;
    if (tr.confirmed)
      await ok(f.t.call(contract.transfers.confirm, { body: { transferId } }, { token }), 'confirm transfer');
    const label = `transfer ${tr.student} ${tr.amount}`;
    f.transfers.push({
      label,
      id: transferId,
      student: tr.student,
      classroom: 'G',
      destination: 'H',
      amount: tr.amount,
      confirmed: tr.confirmed,
    });
    f.labels.set(transferId, label);
  }
  await addContracts(f);
  const accounts = (await f.t.db.execute(
    sql`select student_key, classroom_id, remaining::text as remaining from student_credit_sums`,
  )) as unknown as { rows: { student_key: string; classroom_id: string; remaining: string }[] };
  f.creditAccounts = accounts.rows.map((r) => ({
    student: f.labels.get(r.student_key) as UserLabel,
    classroom: f.labels.get(r.classroom_id) as ClassLabel,
    remaining: Number(r.remaining),
  }));
}

/** The contracts of `contractPlan`, as the Admin records them, with their files and payments. */
async function addContracts(f: Fixture) {
  const token = f.users.Admin.token;
  for (const plan of contractPlan) {
    const body = {
      contractType: 'ApplicationForUniversities' as const,
      studentPublicKey: f.users[plan.student].publicKey,
      contractValue: 1000,
      additionalContracts: [{ title: `Essays ${plan.student}`, value: 200 }],
      discountValue: 50,
    };
    const contractId = (await ok(f.t.call(contract.contracts.create, { body }, { token }), 'contract')).contract.contractId as string;
    const label = `contract ${plan.student}`;
    f.contracts.push({ label, id: contractId, student: plan.student, file: plan.file });
    f.labels.set(contractId, label);
    if (plan.file) await upload(f, contract.contracts.uploadFile.path, { contractId }, 'contract file');
    if (!plan.payment) continue;
    const deposit = {
      studentPublicKey: f.users[plan.student].publicKey,
      contractId,
      depositType: 'Contract' as const,
      amount: plan.payment.amount,
      chargeAt: f.range.start,
      paymentMethod: 'Alipay' as const,
    };
    const depositId = (await ok(f.t.call(contract.deposits.create, { body: deposit }, { token }), 'contract payment')).deposit
      .depositId as string;
    if (plan.payment.confirmed)
      await ok(f.t.call(contract.deposits.confirm, { body: { depositId } }, { token }), 'confirm contract payment');
    const paymentLabel = `dep ${plan.student} contract ${plan.payment.amount}`;
    f.deposits.push({ label: paymentLabel, id: depositId, student: plan.student, classroom: null, ...plan.payment, receipt: false });
    f.labels.set(depositId, paymentLabel);
  }
}

const attachReceipt = (f: Fixture, depositId: string) =>
  upload(f, contract.depositReceipts.uploadReceipt.path, { depositId }, 'receipt');

/** Uploads a small PDF as the Admin to a multipart endpoint. */
async function upload(f: Fixture, path: string, query: Record<string, string>, what: string) {
  const { payload, contentType } = multipartBody([{ filename: `${what.replace(' ', '-')}.pdf`, content: pdfFile(what) }]);
  const res = await f.t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}?${new URLSearchParams(query)}`,
    headers: {
      ...signedHeaders(),
      authorization: `Bearer ${f.users.Admin.token}`,
      'content-type': contentType,
    },
    payload,
  });
  await ok(res, what);
}

/**
 * The rest: a fee and a paid settlement for each teacher; a course plan entry for every student and an application for
 * S1 and S2; one unread notification per user (and a read one for S1); an open survey round that
 * S1 and S2 answer for G and S3 for P, each with a comment.
 */
export async function addOtherRows(f: Fixture) {
  const token = f.users.Admin.token;
  const key = (s: UserLabel) => f.users[s].publicKey;
  for (const teacher of ['T1', 'T2'] as const) {
    const body = {
      teacherPublicKey: key(teacher),
      fee: 40,
      teacherType: 'FullTime' as const,
      lessonType: 'A_LEVEL_Offline' as const,
    };
    const id = (await ok(f.t.call(contract.teacherFees.upsert, { body }, { token }), 'fee')).teacherFee
      .teacherFeeId as string;
    f.teacherFees.push({ label: `fee ${teacher}`, id, teacher });
    f.labels.set(id, `fee ${teacher}`);
    // teacher settlements (issue 28): an other payment, paid
    const settlement = {
      type: 'OtherPayments' as const,
      teacherPublicKey: key(teacher),
      toTime: f.range.start,
      amount: teacher === 'T1' ? 31 : 32,
      pay: true,
    };
    const settlementId = (await ok(f.t.call(contract.settlements.create, { body: settlement }, { token }), 'settlement')).settlement
      .settlementId as string;
    f.settlements.push({ label: `settlement ${teacher}`, id: settlementId, teacher });
    f.labels.set(settlementId, `settlement ${teacher}`);
  }
  for (const student of ['S1', 'S2', 'S3', 'S4'] as const) {
    const body = {
      studentPublicKey: key(student),
      lessonType: 'A_LEVEL_Offline' as const,
      sessionPerWeek: 1,
      lessonTopic: `Plan of ${student}`,
      suggestedHours: 10,
      classType: 'TwoOrThreePerson' as const,
      status: 'New' as const,
    };
    const id = (await ok(f.t.call(contract.progress.createCoursePlan, { body }, { token }), 'plan')).entry
      .progressStageCoursePlanId as string;
    f.coursePlans.push({ label: `plan ${student}`, id, student });
    f.labels.set(id, `plan ${student}`);
  }
  for (const student of ['S1', 'S2'] as const) {
    const body = {
      studentPublicKey: key(student),
      institutionType: 'School' as const,
      institutionName: `School of ${student}`,
      programme: 'Sixth form',
      deadline: '2031-01-15',
      status: 'Preparing' as const,
    };
    const saved = await ok(f.t.call(contract.progress.upsertApplication, { body }, { token }), 'application');
    const id = saved.application.progressStageApplicationId as string;
    f.applications.push({ label: `application ${student}`, id, student });
    f.labels.set(id, `application ${student}`);
  }
  for (const user of userLabels) {
    const row = await buildNotification(f.t.db, key(user));
    f.notifications.push({ label: `note ${user}`, id: row.notificationId, user, read: false });
    f.labels.set(row.notificationId, `note ${user}`);
  }
  const read = await buildNotification(f.t.db, key('S1'), { isRead: true });
  f.notifications.push({ label: 'note S1 read', id: read.notificationId, user: 'S1', read: true });
  f.labels.set(read.notificationId, 'note S1 read');
  await addSurvey(f);
}

async function addSurvey(f: Fixture) {
  const leader = f.users.TeamLeader;
  const [questionId] = await writeQuestions(f.t, leader, ['How clear were the lessons?']);
  const round = await openRound(f.t, leader, f.range.start, f.future.start, 'Reach survey');
  const answers: { student: UserLabel; classroom: ClassLabel }[] = [
    { student: 'S1', classroom: 'G' },
    { student: 'S2', classroom: 'G' },
    { student: 'S3', classroom: 'P' },
  ];
  for (const a of answers) {
    const c = f.classes[a.classroom];
    const body = {
      roundId: round.roundId,
      classroomId: c.id,
      teacherPublicKey: f.users[c.teacher].publicKey,
      answers: [{ questionId: questionId!, rating: 'good' as const }],
      comment: `comment ${a.student}`,
    };
    await ok(
      f.t.call(contract.surveys.answer, { body }, { token: f.users[a.student].token }),
      'survey answer',
    );
    f.survey.answers.push({ ...a, teacher: c.teacher });
  }
}
