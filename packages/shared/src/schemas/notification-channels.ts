import { z } from 'zod';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';
import { messageType } from './notifications.ts';

/**
 * Notification channels (issue 12, "other channels, pluggable"): in-app always; e-mail (when the
 * server has SMTP_URL) and the centre's group-chat webhook (when an Admin set its URL) as each
 * user chooses per messageType. Sending happens after commit, retried with back-off; deliveries
 * that keep failing are listed for an Admin.
 */
export const extraChannels = ['email', 'webhook'] as const;
export const extraChannel = z.enum(extraChannels);
export type ExtraChannel = z.infer<typeof extraChannel>;

export const webhookStyles = ['slack', 'wecom'] as const;
export const webhookStyle = z.enum(webhookStyles);
export type WebhookStyle = z.infer<typeof webhookStyle>;

export const WEBHOOK_URL_MAX = 500;

/** One messageType's extra channels. */
export const channelChoice = z.strictObject({ messageType, email: z.boolean(), webhook: z.boolean() });
export type ChannelChoice = z.infer<typeof channelChoice>;

/** The caller's choices; the language they are saved in is the one e-mails and webhook posts speak. */
export const channelChoicesBody = z.strictObject({
  choices: z
    .array(channelChoice)
    .max(50)
    .superRefine((choices, ctx) => {
      if (new Set(choices.map((c) => c.messageType)).size !== choices.length) {
        ctx.addIssue({ code: 'custom', params: { messageKey: 'invalidValue' } });
      }
    }),
});
export type ChannelChoicesBody = z.infer<typeof channelChoicesBody>;

export const channelChoices = z.object({
  /** Every messageType, each with the caller's choice (off where never chosen). */
  choices: z.array(channelChoice),
  /** What the server can send now: e-mail needs SMTP_URL, the webhook its URL. */
  available: z.object({ email: z.boolean(), webhook: z.boolean() }),
  /** The caller's e-mail address, where e-mails go (null: none, so none is sent). */
  emailAddress: z.string().nullable(),
});
export type ChannelChoices = z.infer<typeof channelChoices>;

/** SPEC §5 url rule: 'must start with http:// or https://'; empty turns the webhook off. */
export const webhookUrl = textInput()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v), { params: { messageKey: 'url' } });

export const webhookSettingsBody = z.strictObject({ webhookUrl, webhookStyle });
export type WebhookSettingsBody = z.infer<typeof webhookSettingsBody>;
export const webhookSettings = z.object({ webhookUrl: z.string(), webhookStyle, smtpEnabled: z.boolean() });
export type WebhookSettings = z.infer<typeof webhookSettings>;
export const webhookTested = okResponse;

export const deliveryStates = ['retrying', 'failed'] as const;
export const deliveryState = z.enum(deliveryStates);

/** A delivery that has not gone through (yet): the Admin's failures list. */
export const failedDelivery = z.object({
  deliveryId: entityId,
  userPublicKey: publicKey,
  fullName: z.string(),
  channel: extraChannel,
  messageType,
  state: deliveryState,
  attempts: z.number().int(),
  lastError: z.string(),
  /** The last attempt. */
  updateMoment: epochSeconds,
  createMoment: epochSeconds,
});
export type FailedDelivery = z.infer<typeof failedDelivery>;
export const failedDeliveryList = listResponse(failedDelivery);
