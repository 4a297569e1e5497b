import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetByIntl, offsetFromTable, type ClientConfig } from '@tutoria/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'America/St_Johns' });
});
afterAll(() => t.close());

const clientConfig = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/clientConfig' });
  expect(res.statusCode).toBe(200);
  return res.json() as ClientConfig;
};

describe('the start-up settings carry the centre zone’s offsets (issue 9)', () => {
  it('from 2015 to ten years ahead, each change to its second, the same as Intl', async () => {
    const config = await clientConfig();
    expect(config.timeZone).toBe('America/St_Johns');
    const { changes, until } = config.timeZoneOffsets;
    expect(changes[0]).toEqual([Date.UTC(2015, 0, 1) / 1000, -210]);
    expect(until).toBeGreaterThan(Date.now() / 1000 + 9.9 * 365 * 86_400);
    // Newfoundland: 2026-03-08 02:00 local (05:30 UTC) forward to −150.
    const spring = Date.UTC(2026, 2, 8, 5, 30);
    expect([
      offsetFromTable(config.timeZoneOffsets, spring - 1000),
      offsetFromTable(config.timeZoneOffsets, spring),
    ]).toEqual([-210, -150]);
    for (let ms = Date.UTC(2015, 0, 1); ms < until * 1000; ms += 7 * 86_400_000 + 3_600_000) {
      expect(offsetFromTable(config.timeZoneOffsets, ms)).toBe(offsetByIntl(ms, 'America/St_Johns'));
    }
  });

  it('worked out once: every answer carries the same table', async () => {
    expect((await clientConfig()).timeZoneOffsets).toEqual((await clientConfig()).timeZoneOffsets);
  });
});
