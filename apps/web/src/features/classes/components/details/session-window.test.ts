import { describe, expect, it } from 'vitest';
import { LATER_PAGE, sessionWindow } from './session-window';

const sessionsEnding = (ends: number[]) => ends.map((end) => ({ end }));
const hundred = sessionsEnding(Array.from({ length: 100 }, (_, i) => (i + 1) * 10));
const none = { showEarlier: false, laterPages: 0 };

describe('sessionWindow', () => {
  it('shows every session of a short class', () => {
    expect(sessionWindow(sessionsEnding([10, 20, 30]), 25, none)).toEqual({
      start: 0,
      end: 3,
      pageSize: LATER_PAGE,
    });
  });

  it('opens a long class on four earlier sessions and a page of upcoming ones', () => {
    // Sessions 0–49 have ended at now = 500; 50 is the next one.
    expect(sessionWindow(hundred, 500, none)).toMatchObject({ start: 46, end: 70 });
  });

  it('draws a page more each time later sessions are asked for, up to the last', () => {
    expect(sessionWindow(hundred, 500, { showEarlier: false, laterPages: 1 })).toMatchObject({ end: 90 });
    expect(sessionWindow(hundred, 500, { showEarlier: false, laterPages: 2 })).toMatchObject({ end: 100 });
  });

  it('starts from the first session once earlier ones are asked for', () => {
    expect(sessionWindow(hundred, 500, { showEarlier: true, laterPages: 0 })).toMatchObject({
      start: 0,
      end: 70,
    });
  });

  it('opens a class not started yet on its first page, and an ended class on its last sessions', () => {
    expect(sessionWindow(hundred, 0, none)).toMatchObject({ start: 0, end: 20 });
    expect(sessionWindow(hundred, 5000, none)).toMatchObject({ start: 96, end: 100 });
  });
});
