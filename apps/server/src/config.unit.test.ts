import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('is off unless set', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes true, proxy addresses and ranges, or a hop count', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    const twoHops = trustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('192.0.2.1', hop))).toEqual([true, true, false]);
  });

  it('refuses anything else at start-up, naming the setting', () => {
    for (const bad of ['nginx', '10.0.0.0/33', '127.0.0.1,', '-1', '1.5']) {
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('TIME_ZONE', () => {
  it('takes an IANA zone, UTC by default', () => {
    expect(loadConfig({}).timeZone).toBe('UTC');
    expect(loadConfig({ TIME_ZONE: 'Asia/Shanghai' }).timeZone).toBe('Asia/Shanghai');
  });

  it('refuses a zone Intl does not know at start-up, naming the setting', () => {
    for (const bad of ['Mars/Olympus', 'GMT+25', '']) {
      expect(() => loadConfig({ TIME_ZONE: bad }), bad).toThrow(/TIME_ZONE/);
    }
  });
});

describe('sign-in limits (issue 26)', () => {
  it('allow a centre behind one address 100 failed sign-ins in the window by default', () => {
    expect(loadConfig({}).login).toMatchObject({ maxAttemptsPerIp: 100, maxFailuresPerAccount: 5, windowSeconds: 900 });
    expect(loadConfig({ LOGIN_MAX_ATTEMPTS_PER_IP: '400' }).login.maxAttemptsPerIp).toBe(400);
  });
});

describe('live notification streams (issue 26)', () => {
  it('keep 5 per user and 1000 per process by default', () => {
    expect(loadConfig({}).streams).toEqual({ perUser: 5, perProcess: 1000 });
    expect(
      loadConfig({ NOTIFICATION_STREAMS_PER_USER: '2', NOTIFICATION_STREAMS_PER_PROCESS: '5000' }).streams,
    ).toEqual({ perUser: 2, perProcess: 5000 });
  });

  it('refuse a count that is not a positive whole number, naming the setting', () => {
    for (const [name, bad] of [
      ['NOTIFICATION_STREAMS_PER_USER', '0'],
      ['NOTIFICATION_STREAMS_PER_USER', '101'],
      ['NOTIFICATION_STREAMS_PER_PROCESS', '-1'],
      ['NOTIFICATION_STREAMS_PER_PROCESS', '2.5'],
    ] as const) {
      expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
    }
  });
});

describe('CURRENCY (issue 27)', () => {
  it('is the centre’s choice; unset, CNY for the demo centre and IRR (SPEC §9) for a real one', () => {
    expect(loadConfig({ CURRENCY: 'IRR' }).currency).toBe('IRR');
    expect(loadConfig({ CURRENCY: ' usd ' }).currency).toBe('USD');
    expect(loadConfig({}).currency).toBe('CNY');
    expect(loadConfig({ DEMO: '1', DATABASE_URL: 'postgres://db/tutoria' }).currency).toBe('CNY');
    expect(loadConfig({ DEMO: '0' }).currency).toBe('IRR');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/tutoria' }).currency).toBe('IRR');
    expect(loadConfig({ DEMO: '1', CURRENCY: 'IRR' }).currency).toBe('IRR');
  });

  it('refuses a code Intl does not know at start-up, naming the setting', () => {
    for (const bad of ['ABC', 'RMB', 'yuan', '']) {
      expect(() => loadConfig({ CURRENCY: bad }), bad).toThrow(/CURRENCY/);
    }
  });
});

describe('CONSULTANT_SHARE_PERCENT (issue 28)', () => {
  it("is a consultant's default share of profit, 10 % unless set, 0–100", () => {
    expect(loadConfig({}).consultantSharePercent).toBe(10);
    expect(loadConfig({ CONSULTANT_SHARE_PERCENT: '12.5' }).consultantSharePercent).toBe(12.5);
    for (const bad of ['-1', '100.01', 'ten']) {
      expect(() => loadConfig({ CONSULTANT_SHARE_PERCENT: bad }), bad).toThrow(/CONSULTANT_SHARE_PERCENT/);
    }
  });
});
