import type { Language } from './errors.ts';
import * as core from './messages/core.ts';
import * as scheduling from './messages/scheduling.ts';
import * as academic from './messages/academic.ts';
import * as finance from './messages/finance.ts';
import * as notifications from './messages/notifications.ts';
import * as operations from './messages/operations.ts';
import * as backups from './messages/backups.ts';
import * as settlements from './messages/settlements.ts';
import * as contracts from './messages/contracts.ts';
// the financial report (issue 28)
import * as financialReport from './messages/financial-report.ts';
import * as profit from './messages/profit.ts';
// calendar feeds (issue 29)
import * as calendar from './messages/calendar.ts';
import { fillSlots, ruleMessages } from './rule-messages.ts';

/**
 * Texts shared by the server's validation answers and the browser's forms (SPEC §5, §8),
 * so a rule says the same thing wherever it fails. `{attribute}`-style slots are filled by `formatMessage`.
 * One file per area under `messages/`; a key is defined in one area only (a unit test checks).
 */
const en = {
  ...ruleMessages.en,
  ...core.en,
  ...scheduling.en,
  ...academic.en,
  ...finance.en,
  ...notifications.en,
  ...operations.en,
  ...backups.en,
  ...settlements.en,
  ...contracts.en,
  ...financialReport.en,
  ...profit.en,
  ...calendar.en,
};

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  ...ruleMessages.zh,
  ...core.zh,
  ...scheduling.zh,
  ...academic.zh,
  ...finance.zh,
  ...notifications.zh,
  ...operations.zh,
  ...backups.zh,
  ...settlements.zh,
  ...contracts.zh,
  ...financialReport.zh,
  ...profit.zh,
  ...calendar.zh,
};

export const messages: Record<Language, Record<MessageKey, string>> = { en, zh };

export function formatMessage(
  language: Language,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  return fillSlots(messages[language][key], values);
}
