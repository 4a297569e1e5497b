import { describe, expect, it } from 'vitest';
import { snackbarText } from './notify';

describe('snackbar texts (SPEC §8, §9; issue 27)', () => {
  it('upper-cases a text that fits one line', () => {
    expect(snackbarText('Deposit confirmed.')).toBe('DEPOSIT CONFIRMED.');
    expect(snackbarText('x'.repeat(60))).toBe('X'.repeat(60));
  });

  it('keeps a longer, multi-line text as written, so it reads as a sentence', () => {
    const long = 'This user owns records (classes, payments): archive them instead of deleting.';
    expect(long.length).toBeGreaterThan(60);
    expect(snackbarText(long)).toBe(long);
    expect(snackbarText('您的确认已记录；该缴费等待另一方确认。')).toBe('您的确认已记录；该缴费等待另一方确认。');
  });
});
