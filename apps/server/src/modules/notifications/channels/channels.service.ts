import {
  type ChannelChoicesBody,
  type ExtraChannel,
  extraChannels,
  type FailedDelivery,
  formatMessage,
  type Language,
  type ListQuery,
  type MessageType,
  messageTypes,
  renderNotification,
  type WebhookSettingsBody,
  type WebhookStyle,
} from '@tutoria/shared';
import { AppError } from '../../../http/app-error.ts';
import type { SessionUser } from '../../../http/fastify-types.ts';
import { type JobInfo, PermanentJobFailure } from '../../../lib/jobs/job-kinds.ts';
import { toEpoch } from '../../../lib/time.ts';
import type { ModuleContext } from '../../module.ts';
import { emailAddressOf } from '../../users/users.module.ts';
import * as repo from './channels.repo.ts';
import { type MailSender, smtpMailSender } from './mail-sender.ts';
import { postToWebhook } from './webhook-sender.ts';

declare module '../../../lib/jobs/job-kinds.ts' {
  interface JobKinds {
    /** Sends one e-mail or webhook post of a notification (issue 12, channels). */
    'notification.deliver': { deliveryId: string };
  }
}

/** Retry policy (docs/decisions.md): 6 attempts, waiting 1, 2, 4, 8, 16 minutes between them. */
export const DELIVERY_ATTEMPTS = 6;
export const DELIVERY_BACKOFF_SECONDS = 60;
const SUBJECT_MAX = 80;
const ERROR_MAX = 500;

/** A failure no retry mends (no address, the channel switched off): kept as failed at once. */
class PermanentFailure extends PermanentJobFailure {}

/** What a failed attempt says to the Admin: the error and its cause's code (ECONNREFUSED …), never a secret. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, ERROR_MAX);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  return (detail ? `${error.message} (${detail})` : error.message).slice(0, ERROR_MAX);
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The channels beside in-app (issue 12): a user's choices per messageType, the centre's webhook,
 * and deliveries. A delivery row and its job are written in the notification's own transaction (a
 * rollback sends nothing, a commit sends for sure); the job queue sends after commit, retries with
 * back-off, and the row keeps the outcome for the Admin's failures list. The in-app notification
 * never waits on them.
 */
export function createChannelsService(ctx: ModuleContext, deps: { mailSender?: MailSender } = {}) {
  const { db, config } = ctx;
  const mailSender = deps.mailSender ?? (config.smtp ? smtpMailSender(config.smtp) : undefined);

  async function sendOne(deliveryId: string): Promise<'sent' | 'skipped'> {
    const d = await repo.deliveryToSend(db, deliveryId);
    if (!d || d.state === 'sent') return 'skipped';
    const language = (d.language ?? config.defaultLanguage) as Language;
    const message = renderNotification(language, d.messageKey, d.params);
    if (d.channel === 'email') {
      if (!mailSender) throw new PermanentFailure('e-mail is not set up (SMTP_URL)');
      const to = await emailAddressOf(db, d.userKey);
      if (!to) throw new PermanentFailure('the recipient has no e-mail address');
      await mailSender({
        to,
        language,
        subject: formatMessage(language, 'notificationMailSubject', {
          app: config.appName,
          message: truncate(message, SUBJECT_MAX),
        }),
        text: `${message}\n\n-- \n${formatMessage(language, 'notificationMailFooter')}`,
      });
    } else {
      const settings = await repo.settingsOf(db);
      if (!settings.webhookUrl) throw new PermanentFailure('the group-chat webhook is not set up');
      const text = formatMessage(language, 'notificationWebhookText', {
        app: config.appName,
        name: d.fullName,
        message,
      });
      await postToWebhook(settings.webhookUrl, settings.webhookStyle as WebhookStyle, text);
    }
    return 'sent';
  }

  return {
    /**
     * The job handler: one attempt; a failure is recorded and thrown so the queue tries again, or
     * (a permanent one) keeps the job as failed at once: the Admin's failed-jobs list shows it.
     */
    async deliver({ deliveryId }: { deliveryId: string }, job: JobInfo): Promise<void> {
      try {
        if ((await sendOne(deliveryId)) === 'sent') {
          await repo.markDelivery(db, deliveryId, { state: 'sent', attempts: job.attempt, lastError: null });
        }
      } catch (error) {
        const permanent = error instanceof PermanentFailure;
        const last = permanent || job.attempt >= job.maxAttempts;
        await repo.markDelivery(db, deliveryId, {
          state: last ? 'failed' : 'retrying',
          attempts: job.attempt,
          lastError: describe(error),
        });
        throw error;
      }
    },

    /**
     * Inside the transaction that stored `stored` notifications of `messageType`: one delivery and
     * one job per recipient's chosen channel the server can send now.
     */
    async enqueueFor(
      tx: Parameters<typeof repo.insertDeliveries>[0],
      stored: readonly { notificationId: string; userKey: string }[],
      messageType: MessageType,
    ): Promise<void> {
      if (!stored.length) return;
      const wanted = await repo.channelsWanted(
        tx,
        stored.map((s) => s.userKey),
        messageType,
      );
      if (!wanted.length) return;
      const webhookOn = Boolean((await repo.settingsOf(tx)).webhookUrl);
      const available = (channel: string) => (channel === 'email' ? Boolean(mailSender) : webhookOn);
      const byUser = new Map(wanted.map((w) => [w.userKey, w.channels.filter(available)]));
      const rows = stored.flatMap((s) =>
        (byUser.get(s.userKey) ?? []).map((channel) => ({ notificationId: s.notificationId, channel })),
      );
      for (const deliveryId of await repo.insertDeliveries(tx, rows)) {
        await ctx.jobs.enqueue(tx, 'notification.deliver', { deliveryId }, { key: `delivery:${deliveryId}` });
      }
    },

    /** The caller's choices for every messageType, and what the server can send. */
    async choices(user: SessionUser) {
      const [prefs, settings, emailAddress] = await Promise.all([
        repo.preferencesOf(db, user.publicKey),
        repo.settingsOf(db),
        emailAddressOf(db, user.publicKey),
      ]);
      const chosen = prefs?.choices ?? {};
      return {
        choices: messageTypes.map((messageType) => ({
          messageType,
          email: chosen[messageType]?.includes('email') ?? false,
          webhook: chosen[messageType]?.includes('webhook') ?? false,
        })),
        available: { email: Boolean(mailSender), webhook: Boolean(settings.webhookUrl) },
        emailAddress,
      };
    },

    /** Saves the caller's choices; their e-mails and webhook posts speak `language` from now on. */
    async saveChoices(user: SessionUser, body: ChannelChoicesBody, language: Language): Promise<void> {
      const choices: Record<string, ExtraChannel[]> = {};
      for (const choice of body.choices) {
        const channels = extraChannels.filter((channel) => choice[channel]);
        if (channels.length) choices[choice.messageType] = channels;
      }
      await ctx.transaction(async (tx) => {
        const wantsEmail = Object.values(choices).some((channels) => channels.includes('email'));
        if (wantsEmail && !(await emailAddressOf(tx, user.publicKey))) {
          throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'choices', key: 'noEmailAddress' }] });
        }
        await repo.savePreferences(tx, user.publicKey, choices, language);
      });
    },

    async webhook() {
      const settings = await repo.settingsOf(db);
      return {
        ...settings,
        webhookStyle: settings.webhookStyle as WebhookStyle,
        smtpEnabled: Boolean(mailSender),
      };
    },

    async saveWebhook(user: SessionUser, body: WebhookSettingsBody): Promise<void> {
      await ctx.transaction((tx) => repo.saveSettings(tx, body, user.publicKey));
    },

    /** Posts a test message to the given (unsaved) webhook now; a refusal answers with its reason. */
    async testWebhook(body: WebhookSettingsBody, language: Language): Promise<void> {
      if (!body.webhookUrl) {
        throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'webhookUrl', key: 'required' }] });
      }
      try {
        await postToWebhook(
          body.webhookUrl,
          body.webhookStyle,
          formatMessage(language, 'webhookTestText', { app: config.appName }),
        );
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', {
          text: { key: 'webhookTestFailed', values: { error: describe(error) } },
        });
      }
    },

    /** The Admin's list of deliveries that did not go through: retrying or failed for good. */
    async failures(query: ListQuery) {
      const page = await repo.unsentPage(db, query, config.listAllCap);
      return {
        data: page.data.map((row): FailedDelivery => ({
          deliveryId: row.deliveryId,
          userPublicKey: row.userKey,
          fullName: row.fullName,
          channel: row.channel as ExtraChannel,
          messageType: row.messageType as MessageType,
          state: row.state as FailedDelivery['state'],
          attempts: row.attempts,
          lastError: row.lastError ?? '',
          updateMoment: toEpoch(row.updateMoment),
          createMoment: toEpoch(row.createMoment),
        })),
        totalCount: page.totalCount,
      };
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
