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
