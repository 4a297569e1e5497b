import { describe, expect, it } from 'vitest';
import { distinctLabels, lessonLabel } from './distinct-labels';

describe('distinctLabels', () => {
  it('numbers only the labels that repeat, in order', () => {
    expect(distinctLabels(['Electricity', 'Mechanics', 'Electricity'])).toEqual([
      'Electricity (1)',
      'Mechanics',
      'Electricity (2)',
    ]);
    expect(distinctLabels([])).toEqual([]);
  });

  it('a lesson reads by name, title and subtitle', () => {
    const lesson = { lessonName: 'Physics', lessonTitle: 'Electricity', lessonSubTitle: 'Circuits' };
    expect(lessonLabel(lesson)).toBe('Physics · Electricity – Circuits');
    expect(lessonLabel({ ...lesson, lessonTitle: '', lessonSubTitle: '' })).toBe('Physics');
  });
});
