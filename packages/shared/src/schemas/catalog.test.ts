import { describe, expect, it } from 'vitest';
import { baseTypes, lessonTypeLabel, lessonTypes } from './catalog.ts';

describe('catalogue enumerations (SPEC §3)', () => {
  it('has an online and an offline lesson type for every base type', () => {
    expect(lessonTypes).toHaveLength(baseTypes.length * 2);
    expect(lessonTypes).toContain('A_LEVEL_Online');
    expect(lessonTypes).toContain('KS_3_Offline');
  });
  it('labels lesson types in both languages', () => {
    expect(lessonTypeLabel('A_LEVEL_Online', 'en')).toBe('A-LEVEL (online)');
    expect(lessonTypeLabel('IELTS_Offline', 'zh')).toBe('雅思 (线下)');
  });
});
