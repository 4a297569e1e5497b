import { describe, expect, it } from 'vitest';
import { settlementActions } from './settlement-actions';
import { totalOf } from './settlement-guide-lines';

describe('the guide total in the browser', () => {
  it('adds amounts in whole cents and hours in ten-thousandths: no float drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 as floats.
    expect(totalOf([{ amount: 0.1, hours: 0.8333 }, { amount: 0.2, hours: 0.1667 }])).toEqual({ amount: 0.3, hours: 1 });
    expect(totalOf([{ amount: 58.33, hours: 0.8333 }, { amount: 60, hours: 1 }, { amount: 1234567.89, hours: 1.5 }])).toEqual({
      amount: 1234686.22,
      hours: 3.33,
    });
    expect(totalOf([])).toEqual({ amount: 0, hours: 0 });
  });
});

describe('what a settlement offers', () => {
  it('pays, edits and deletes a waiting one; reverses a paid one; nothing on a reversed one', () => {
    expect(settlementActions({ state: 'waiting' })).toEqual(['pay', 'edit', 'delete']);
    expect(settlementActions({ state: 'paid' })).toEqual(['reverse']);
    expect(settlementActions({ state: 'reversed' })).toEqual([]);
  });
});
