import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes, errorText, pickLanguage } from './errors.ts';
import { messages } from './messages.ts';

describe('error catalogue (SPEC §8)', () => {
  it('has a status and both languages for every code', () => {
    for (const code of errorCodes) {
      const entry = errorCatalogue[code];
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.en.length).toBeGreaterThan(0);
      expect(entry.zh.length).toBeGreaterThan(0);
    }
  });

  it("keeps the spec's own texts", () => {
    expect(errorText('ACCESS_DENIED', 'en')).toBe('You are not allowed to do the current action');
    expect(errorText('INVALID_GRANT', 'en')).toBe('Username / password or access token is wrong');
    expect(errorText('REQUESTS_EXCEEDED', 'en')).toBe('Hit rate limit; Too many requests');
    expect(errorText('FETCH_DATA_FAILED', 'en')).toBe('Could not fetch data.');
  });

  it('answers wrong credentials with 400, never 401 (DESIGN §5)', () => {
    expect(errorCatalogue.INVALID_GRANT.status).toBe(400);
    expect(errorCatalogue.UNAUTHORIZED.status).toBe(401);
  });

  it('picks the language from Accept-Language, English by default', () => {
    expect(pickLanguage('zh-CN,zh;q=0.9')).toBe('zh');
    expect(pickLanguage('en-US')).toBe('en');
    expect(pickLanguage('fr-FR, zh;q=0.5')).toBe('zh');
    expect(pickLanguage('fr')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('has every shared message in both languages', () => {
    expect(Object.keys(messages.zh).sort()).toEqual(Object.keys(messages.en).sort());
  });
});
