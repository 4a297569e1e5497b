import { and, eq, type SQL, sql } from 'drizzle-orm';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../../db/client.ts';
import {
  notificationChannelSettings,
  notificationDeliveries,
  notificationPreferences,
  notifications,
} from '../../../db/schema/notifications.ts';
import { anyUuid, selectRows, totalCountColumn } from '../../../db/sql.ts';
import { columnsFor, type CompiledList, compileListQuery, finishPage } from '../../../http/list-query.ts';
import { people } from '../../users/users.module.ts';

export async function preferencesOf(q: Queryable, userKey: string) {
  const [row] = await q
    .select({ choices: notificationPreferences.choices, language: notificationPreferences.language })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userKey, userKey));
  return row;
}

export async function savePreferences(
  q: Queryable,
  userKey: string,
  choices: Record<string, string[]>,
  language: string,
): Promise<void> {
  await q
    .insert(notificationPreferences)
    .values({ userKey, choices, language })
    .onConflictDoUpdate({
      target: notificationPreferences.userKey,
      set: { choices, language, updatedAt: sql`now()` },
    });
}

/** The extra channels each of `userKeys` chose for `messageType` (users who chose none are left out). */
export async function channelsWanted(q: Queryable, userKeys: readonly string[], messageType: string) {
  return selectRows<{ userKey: string; channels: string[] }>(
    q,
    sql`select user_key, choices -> ${messageType} as channels from ${notificationPreferences}
      where user_key = ${anyUuid(userKeys)} and jsonb_array_length(coalesce(choices -> ${messageType}, '[]')) > 0`,
  );
}

export async function settingsOf(q: Queryable) {
  const [row] = await q
    .select({
      webhookUrl: notificationChannelSettings.webhookUrl,
      webhookStyle: notificationChannelSettings.webhookStyle,
    })
    .from(notificationChannelSettings)
    .where(eq(notificationChannelSettings.id, 1));
  return row ?? { webhookUrl: '', webhookStyle: 'slack' };
}

export async function saveSettings(
  q: Queryable,
  values: { webhookUrl: string; webhookStyle: string },
  updatedBy: string,
): Promise<void> {
  await q
    .insert(notificationChannelSettings)
    .values({ id: 1, ...values, updatedBy })
    .onConflictDoUpdate({
      target: notificationChannelSettings.id,
      set: { ...values, updatedBy, updatedAt: sql`now()` },
    });
}

/** Answers the new deliveries' ids; one already made for a notification and channel is skipped. */
export async function insertDeliveries(
  q: Queryable,
  rows: readonly { notificationId: string; channel: string }[],
): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await q
    .insert(notificationDeliveries)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ deliveryId: notificationDeliveries.deliveryId });
  return inserted.map((r) => r.deliveryId);
}

/** What one delivery sends: its notification, its recipient and the language they chose. */
export async function deliveryToSend(q: Queryable, deliveryId: string) {
  const [row] = await selectRows<{
    deliveryId: string;
    channel: string;
    state: string;
    userKey: string;
    fullName: string;
    messageKey: string;
    params: Record<string, string | number>;
    language: string | null;
  }>(
    q,
    sql`select d.delivery_id, d.channel, d.state, n.user_key, p.full_name, n.message_key, n.params, np.language
      from ${notificationDeliveries} d
      join ${notifications} n on n.notification_id = d.notification_id
      join ${people} p on p.public_key = n.user_key
      left join ${notificationPreferences} np on np.user_key = n.user_key
      where d.delivery_id = ${deliveryId}`,
  );
  return row;
}

export async function markDelivery(
  q: Queryable,
  deliveryId: string,
  values: { state: 'sent' | 'retrying' | 'failed'; attempts: number; lastError: string | null },
): Promise<void> {
  await q
    .update(notificationDeliveries)
    .set({ ...values, updateMoment: sql`now()` })
    .where(eq(notificationDeliveries.deliveryId, deliveryId));
}

const failuresColumns = columnsFor(contract.notificationChannels.failures, {
  fullName: people.fullName,
  channel: notificationDeliveries.channel,
  messageType: notifications.messageType,
  state: notificationDeliveries.state,
  lastError: notificationDeliveries.lastError,
  attempts: notificationDeliveries.attempts,
  updateMoment: notificationDeliveries.updateMoment,
  createMoment: notificationDeliveries.createMoment,
});

/** A page of the deliveries that did not go through (the Admin's failures list) and their total. */
export async function unsentPage(q: Queryable, query: ListQuery, allCap: number) {
  const compiled = compileListQuery(query, {
    columns: failuresColumns,
    tiebreaker: notificationDeliveries.deliveryId,
    allCap,
  });
  return finishPage(await listUnsent(q, compiled), compiled, () => countUnsent(q, compiled.where));
}

/** One page of the deliveries that did not go through, with recipient and type, and the total. */
async function listUnsent(q: Queryable, compiled: CompiledList) {
  return q
    .select({
      deliveryId: notificationDeliveries.deliveryId,
      userKey: notifications.userKey,
      fullName: people.fullName,
      channel: notificationDeliveries.channel,
      messageType: notifications.messageType,
      state: notificationDeliveries.state,
      attempts: notificationDeliveries.attempts,
      lastError: notificationDeliveries.lastError,
      updateMoment: notificationDeliveries.updateMoment,
      createMoment: notificationDeliveries.createMoment,
      totalCount: totalCountColumn,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.notificationId, notificationDeliveries.notificationId))
    .innerJoin(people, eq(people.publicKey, notifications.userKey))
    .where(and(unsent, compiled.where))
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
}

async function countUnsent(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${notificationDeliveries}
      join ${notifications} on ${notifications.notificationId} = ${notificationDeliveries.notificationId}
      join ${people} on ${people.publicKey} = ${notifications.userKey}
      where ${and(unsent, where)}`,
  );
  return row?.n ?? 0;
}

const unsent = sql`${notificationDeliveries.state} in ('retrying', 'failed')`;

/** What a failed delivery job concerned (issue 33): its recipient and channel, for the Admin's list. */
export function deliverySubject(payload: SQL): SQL {
  return sql`(select jsonb_build_object('person', p.full_name, 'channel', d.channel)
    from ${notificationDeliveries} d
    join ${notifications} n on n.notification_id = d.notification_id
    join ${people} p on p.public_key = n.user_key
    where d.delivery_id = (${payload} ->> 'deliveryId')::uuid)`;
}
