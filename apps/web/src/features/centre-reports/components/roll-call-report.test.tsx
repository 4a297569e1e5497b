import { fireEvent, screen, within } from '@testing-library/react';
import type { RollCallClass } from '@tutoria/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { dayFiltersOf } from './roll-call-params';
import { RollCallReport } from './roll-call-report';

const classroomId = '11111111-1111-4111-8111-111111111111';
const sessionId = (n: number) => `22222222-2222-4222-8222-00000000000${n}`;
const march: RollCallClass = {
  classroomId,
  classroomName: 'Algebra',
  teacherName: 'Teacher Tina',
  from: '2026-03-01',
  to: '2026-03-31',
  sessions: [
    {
      sessionId: sessionId(1),
      start: 1772330400,
      end: 1772334000,
      held: true,
      presentCount: 1,
      absentCount: 2,
      unrecordedCount: 0,
      absencePercent: 66,
    },
    {
      sessionId: sessionId(2),
      start: 1772935200,
      end: 1772938800,
      held: false,
      presentCount: 0,
      absentCount: 0,
      unrecordedCount: 3,
      absencePercent: null,
    },
  ],
  students: [
    {
      studentPublicKey: '33333333-3333-4333-8333-333333333333',
      fullName: 'Student Sara',
      presentCount: 1,
      absentCount: 0,
      unrecordedCount: 1,
      absencePercent: 0,
    },
  ],
  presentCount: 1,
  absentCount: 2,
  unrecordedCount: 3,
  absencePercent: 66,
};
let asked: string[] = [];

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = String(url);
      if (address.includes('getRollCall')) asked.push(address);
      const body = address.includes('getRollCallOfClass') ? march : testClientConfig();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  await loadClientConfig();
});

afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  asked = [];
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
});

describe('the roll-call report (issue 29)', () => {
  it("reads a class's roll call over the URL's period, each session and student with floored rates", async () => {
    renderInApp(<RollCallReport />, {
      url: `/admin/panel/reports/roll-call?mode=class&classroomId=${classroomId}&from=2026-03-01&to=2026-03-31`,
    });
    const total = await screen.findByTestId('roll-call-total');
    expect(total.textContent).toBe('1 present, 2 absent, 3 not recorded · absence 66%');
    expect(asked[0]).toContain(`classroomId=${classroomId}`);
    expect(asked[0]).toContain('from=2026-03-01');
    expect(asked[0]).toContain('to=2026-03-31');
    const sessions = within(screen.getByTestId('roll-call-session-table')).getAllByRole('row');
    expect(sessions).toHaveLength(3);
    expect(sessions[1]!.textContent).toContain('66%');
    expect(sessions[2]!.textContent).toContain('—');
    const students = within(screen.getByTestId('roll-call-student-table')).getAllByRole('row');
    expect(students[1]!.textContent).toContain('Student Sara');
    expect(students[1]!.textContent).toContain('0%');
  }, 20_000);

  it('switches to a student keeping the period, and asks for nothing until one is chosen', async () => {
    const { search } = renderInApp(<RollCallReport />, {
      url: `/admin/panel/reports/roll-call?mode=class&classroomId=${classroomId}&from=2026-03-01&to=2026-03-31`,
    });
    await screen.findByTestId('roll-call-total');
    asked = [];
    fireEvent.click(screen.getByLabelText('A student'));
    await screen.findByText('Choose a student to see their roll call over the period.');
    expect(Object.fromEntries(search())).toEqual({ mode: 'student', from: '2026-03-01', to: '2026-03-31' });
    expect(asked).toEqual([]);
  }, 20_000);

  it("takes the day's filters from the URL, leaving out an unknown lesson type", () => {
    expect(dayFiltersOf(new URLSearchParams('day=2026-03-02&lessonType=Chess&classroomId=x'))).toEqual({
      day: '2026-03-02',
      teacherPublicKey: undefined,
      classroomId: 'x',
      lessonType: undefined,
    });
  });
});
