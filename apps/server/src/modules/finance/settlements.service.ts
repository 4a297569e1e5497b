import { randomUUID } from 'node:crypto';
import {
  type CreateSettlementBody,
  type EditSettlementBody,
  type GroupCreateBody,
  type MessageKey,
  moneyText,
  type Settlement,
} from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { databaseError, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, type AppErrorText } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { lockPeople } from '../users/users.module.ts';
import { lockClassrooms } from './confirmation-workflow.ts';
import { checkMinorUnits } from './money-units.ts';
import { type GuideFilter, type GuideLineRow, groupGuideRows, guideLines, sumLines, teachesClassroom } from './settlement-guide.repo.ts';
import { teacherOf } from './settlement-reports.repo.ts';
import { settlementWorkflow } from './settlement-workflow.ts';
import * as repo from './settlements.repo.ts';
import { toSettlement } from './settlements.views.ts';

export type SettlementsService = ReturnType<typeof createSettlementsService>;

const invalid = (field: string, key: MessageKey, values?: AppErrorText['values']) =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key, values }] });

/** The one refusal of a session paid twice: checked under the teacher's lock, and the unique index settles a race. */
const sessionsTaken = () => invalid('sessionIds', 'settlementSessionsTaken');

/** A settlement's own values and the sessions it pays (TeachingSalary), as prepared from a body. */
interface Prepared {
  values: repo.SettlementValues;
  lines: { sessionId: string; teacherKey: string; classroomId: string; hours: string; amount: string }[];
}

const single = <T>(values: readonly T[]): T | null => (new Set(values).size === 1 ? values[0]! : null);

/**
 * Teacher settlements, the commands (SPEC §7 "Finance: settlements"; DESIGN §7; docs/finance.md
 * "Teacher settlements"). A settlement is made under its teacher's row lock: the guide is read
 * again there, so two payers at the same moment are judged one after the other, and a session in
 * a live settlement is never in a second one (the partial unique index on its coverage settles
 * what a lock would not). Paying, reversing, editing and deleting are the confirmation workflow's.
 */
export function createSettlementsService(ctx: ModuleContext) {
  const workflow = settlementWorkflow(ctx);
  const { currency } = ctx.config;

  async function teacherOrRefuse(q: Queryable, teacherKey: string) {
    const teacher = await teacherOf(q, teacherKey);
    if (!teacher) throw invalid('teacherPublicKey', 'notATeacher');
    return teacher;
  }

  /** Checks a create / edit body under the teacher's lock: the lines it pays (from the guide, now) and its values. */
  async function prepare(q: Queryable, body: Omit<EditSettlementBody, 'settlementId'>): Promise<Prepared> {
    checkMinorUnits(currency, { amount: body.amount });
    await lockPeople(q, [body.teacherPublicKey]);
    await teacherOrRefuse(q, body.teacherPublicKey);
    if (body.classroomId && !(await teachesClassroom(q, body.teacherPublicKey, body.classroomId))) {
      throw invalid('classroomId', 'settlementClassOfTeacher');
    }
    const period = { fromTime: body.fromTime == null ? null : new Date(body.fromTime * 1000), toTime: new Date(body.toTime * 1000) };
    const common = { teacherKey: body.teacherPublicKey, settlementType: body.type, description: body.description || null, ...period };
    if (body.type === 'OtherPayments') {
      const values = { ...common, amount: moneyText(body.amount!), classroomId: body.classroomId ?? null, lessonType: body.lessonType ?? null };
      return { values, lines: [] };
    }
    const filter: GuideFilter = {
      teacherKey: body.teacherPublicKey,
      toTime: body.toTime,
      fromTime: body.fromTime,
      lessonType: body.lessonType,
      classroomId: body.classroomId,
    };
    let lines: GuideLineRow[] = await guideLines(q, filter);
    if (body.sessionIds) {
      const chosen = new Set(body.sessionIds);
      lines = lines.filter((line) => chosen.has(line.sessionId));
      if (lines.length !== chosen.size) throw sessionsTaken();
    }
    if (!lines.length) throw invalid('toTime', 'settlementNothingEarned');
    const { amount } = await sumLines(q, lines);
    if (body.amount != null && moneyText(body.amount) !== amount) {
      throw invalid('amount', 'settlementAmountNotEarned', { earned: { money: amount, currency } });
    }
    return {
      values: {
        ...common,
        amount,
        classroomId: body.classroomId ?? single(lines.map((l) => l.classroomId)),
        lessonType: body.lessonType ?? single(lines.map((l) => l.lessonType)),
      },
      lines: lines.map((l) => ({ sessionId: l.sessionId, teacherKey: l.teacherKey, classroomId: l.classroomId, hours: l.hours, amount: l.amount })),
    };
  }

  /** Runs a command; a session covered twice at the same moment (the unique index) is the usual refusal. */
  async function refusingDoubles<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const { code, constraint } = databaseError(error);
      if (code === UNIQUE_VIOLATION && constraint === 'settlement_sessions_covered_unique') throw sessionsTaken();
      throw error;
    }
  }

  /** Records a settlement inside `tx` (its audit row too), answering its id. */
  async function insert(tx: Queryable, user: SessionUser, prepared: Prepared, groupId: string | null) {
    const { id } = await workflow.createIn(tx, user, async (q) => {
      const settlementId = await repo.insertSettlement(q, { ...prepared.values, createdBy: user.publicKey, groupId });
      await repo.coverSessions(q, settlementId, prepared.lines);
      return settlementId;
    });
    return id;
  }

  return {
    /** Records a settlement; with `pay`, pays it in the same transaction. */
    create(user: SessionUser, body: CreateSettlementBody): Promise<{ settlement: Settlement; paid: boolean }> {
      return refusingDoubles(() =>
        ctx.transaction(async (tx) => {
          const id = await insert(tx, user, await prepare(tx, body), null);
          if (body.pay) return { settlement: (await workflow.confirmIn(tx, user, id, 'direct', null)).saved, paid: true };
          return { settlement: await workflow.load(tx, user, id), paid: false };
        }),
      );
    },

    /** Edits a waiting settlement: its sessions are chosen again from the guide. */
    edit(user: SessionUser, body: EditSettlementBody): Promise<Settlement> {
      return refusingDoubles(() =>
        workflow.edit(user, body.settlementId, async (tx) => {
          await repo.uncoverSessions(tx, body.settlementId);
          const prepared = await prepare(tx, body);
          await repo.coverSessions(tx, body.settlementId, prepared.lines);
          return prepared.values;
        }),
      );
    },

    async delete(user: SessionUser, settlementId: string): Promise<void> {
      await workflow.remove(user, settlementId, (tx) => repo.deleteSettlement(tx, settlementId));
    },

    async pay(user: SessionUser, settlementId: string): Promise<Settlement> {
      return (await workflow.confirm(user, settlementId, 'direct', null)).saved;
    },

    reverse(user: SessionUser, settlementId: string, reason: string): Promise<Settlement> {
      return workflow.reverse(user, settlementId, reason);
    },

    /**
     * The group settlement: one TeachingSalary settlement per teacher named, each paying every line of
     * their guide, all in one transaction under the teachers' locks (keys sorted) — and with `pay`
     * under all their classes' locks (ids sorted) before any is paid. A teacher whose amount is no
     * longer the one the payer read refuses the whole group.
     */
    groupCreate(user: SessionUser, body: GroupCreateBody) {
      const expected = new Map(body.teachers.map((t) => [t.teacherPublicKey, moneyText(t.amount)]));
      checkMinorUnits(currency, Object.fromEntries(body.teachers.map((t, i) => [`teachers.${i}.amount`, t.amount])));
      return refusingDoubles(() =>
        ctx.transaction(async (tx) => {
          const keys = [...expected.keys()].sort();
          await lockPeople(tx, keys);
          const period = { toTime: body.toTime, fromTime: body.fromTime, lessonType: body.lessonType };
          const guide = new Map((await groupGuideRows(tx, { ...period, teacherKeys: keys })).map((r) => [r.teacherKey, r]));
          for (const key of keys) {
            const row = guide.get(key);
            const actual = row?.amount ?? '0.00';
            if (actual !== expected.get(key)) {
              const name = row?.teacherName ?? (await teacherOrRefuse(tx, key)).teacherName;
              throw new AppError('CREATE_FAILED', {
                text: {
                  key: 'settlementGroupChanged',
                  values: { teacher: name, expected: { money: expected.get(key)!, currency }, actual: { money: actual, currency } },
                },
              });
            }
          }
          const groupId = randomUUID();
          const ids: string[] = [];
          const amounts: { hours: string; amount: string }[] = [];
          const classroomIds: string[] = [];
          for (const key of keys) {
            const prepared = await prepare(tx, { type: 'TeachingSalary', teacherPublicKey: key, ...period, description: body.description });
            classroomIds.push(...prepared.lines.map((l) => l.classroomId));
            amounts.push({ hours: '0', amount: prepared.values.amount });
            ids.push(await insert(tx, user, prepared, groupId));
          }
          if (body.pay) {
            await lockClassrooms(tx, classroomIds);
            for (const id of ids) await workflow.confirmIn(tx, user, id, 'direct', null);
          }
          const settlements = (await repo.settlementsByIds(tx, ids)).map(toSettlement);
          const { amount } = await sumLines(tx, amounts);
          return { groupId, settlements, amount };
        }),
      );
    },
  };
}
