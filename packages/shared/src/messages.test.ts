import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import * as academic from './messages/academic.ts';
import * as backups from './messages/backups.ts';
import * as core from './messages/core.ts';
import * as finance from './messages/finance.ts';
import * as notifications from './messages/notifications.ts';
import * as operations from './messages/operations.ts';
import * as scheduling from './messages/scheduling.ts';
import * as settlements from './messages/settlements.ts';
import * as contracts from './messages/contracts.ts';
// the financial report (issue 28)
import * as financialReport from './messages/financial-report.ts';
import * as profit from './messages/profit.ts';
// calendar feeds (issue 29)
import * as calendar from './messages/calendar.ts';
import { ruleMessages } from './rule-messages.ts';

describe('messages by area', () => {
  it('defines each key in one area only, so no area silently overrides another', () => {
    const areas = { rules: ruleMessages, core, scheduling, academic, finance, notifications, operations, backups, settlements, contracts, financialReport, profit, calendar };
    const seen = new Map<string, string>();
    for (const [area, texts] of Object.entries(areas)) {
      for (const key of Object.keys(texts.en)) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
      expect(Object.keys(texts.zh).sort(), area).toEqual(Object.keys(texts.en).sort());
    }
    expect(Object.keys(messages.en)).toHaveLength(seen.size);
  });
});
