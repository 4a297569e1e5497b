import { describe, expect, it } from 'vitest';
import { browserLanguage, parentPageLanguage } from './parent-language.ts';

describe('the parent page language (issue 27)', () => {
  it("reads a browser's preferences: navigator.languages in order, Accept-Language by weight", () => {
    expect(browserLanguage(['zh-CN', 'en-US'])).toBe('zh');
    expect(browserLanguage(['fr-FR', 'en-GB', 'zh'])).toBe('en');
    expect(browserLanguage(['fr', 'de'])).toBeUndefined();
    expect(browserLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(browserLanguage('en;q=0.4, ZH-hans;q=0.7, fr')).toBe('zh');
    expect(browserLanguage('zh;q=0, en;q=0.1')).toBe('en');
    expect(browserLanguage('*')).toBeUndefined();
    expect(browserLanguage('')).toBeUndefined();
    expect(browserLanguage(undefined)).toBeUndefined();
  });

  it("the link's ?lang= wins over the browser; an unknown one is ignored", () => {
    expect(parentPageLanguage('?lang=zh', 'en-US')).toBe('zh');
    expect(parentPageLanguage('lang=en&x=1', ['zh-CN'])).toBe('en');
    expect(parentPageLanguage('?lang=fr', ['zh-CN'])).toBe('zh');
    expect(parentPageLanguage('', ['zh-CN'])).toBe('zh');
    expect(parentPageLanguage(new URLSearchParams('lang=zh'), undefined)).toBe('zh');
    expect(parentPageLanguage('', ['fr'])).toBeUndefined();
  });
});
