import { screen, within } from '@testing-library/react';
import type { ClassSessionRow } from '@tutoria/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { MyDayPage } from './my-day-page';

const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);

function row(sessionId: string, classroomName: string, start: number): ClassSessionRow {
  return {
    sessionId,
    classroomId: `${sessionId}-class`,
    availableTimeId: null,
    start,
    end: start + HOUR,
    durationMinutes: 60,
    state: 'haveclass',
    classroomNumber: '101',
    financialConfirmation: true,
    confirmation: 'noConfirmation',
    changesConfirmedByTeacher: false,
    changesConfirmedBySchedulingAdmin: false,
    displayState: 'waitingForClass',
    displayColour: '#22c55e',
    classroomName,
    classroomType: 'Private',
    lessonType: 'A_LEVEL_Offline',
    meetingLink: null,
    classroomState: 'Active',
    teacherPublicKey: '00000000-0000-4000-8000-000000000001',
    teacherName: 'James Liu',
    students: [],
    hasTeachingDayInformation: false,
  } as ClassSessionRow;
}

/** The sessions lists the server answers: held sessions to record, or the sessions ahead. */
let toRecord: ClassSessionRow[] = [];
let ahead: ClassSessionRow[] = [];
let bodies: { start: number; end: number; waitingForRecords?: boolean }[] = [];

function answer(url: string, init?: RequestInit): Response {
  let body: unknown = testClientConfig();
  if (url.endsWith('GetAllClassroomsFilteredByDate')) {
    const sent = JSON.parse(String(init?.body)) as (typeof bodies)[number];
    bodies.push(sent);
    const data = sent.waitingForRecords ? toRecord : ahead;
    body = { data, totalCount: data.length };
  }
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const { matchMedia } = window;

beforeAll(async () => {
  // The table shows a column whose media query matches; jsdom's stand-in matches none. A phone here:
  // the columns kept for every width show, those from a breakpoint up stay hidden.
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: !/width/.test(query) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => answer(String(url), init)),
  );
  await loadClientConfig();
});

afterAll(() => {
  window.matchMedia = matchMedia;
  vi.unstubAllGlobals();
});

beforeEach(() => {
  bodies = [];
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
});

describe("a teacher's day (issue 27)", () => {
  it('lists the held sessions to record, each with its Records button, and the sessions from today on', async () => {
    toRecord = [row('held', 'Physics pair', now - 2 * 24 * HOUR)];
    ahead = [row('next', 'Maths Lucas', now + 24 * HOUR), row('later', 'Physics pair', now + 3 * 24 * HOUR)];
    renderInApp(<MyDayPage />);

    const recordRegion = screen.getByRole('region', { name: 'Sessions to record' });
    await within(recordRegion).findByRole('link', { name: 'Physics pair' });
    expect(within(recordRegion).getByRole('button', { name: 'Records' })).toBeDefined();
    expect(within(recordRegion).getByTestId('my-day-total').textContent).toBe('1');
    expect(
      within(recordRegion)
        .getByRole('link', { name: 'All sessions waiting for records' })
        .getAttribute('href'),
    ).toBe('/admin/panel/class/upcoming?records=true');

    const aheadRegion = screen.getByRole('region', { name: 'Today and ahead' });
    await within(aheadRegion).findByRole('link', { name: 'Maths Lucas' });
    expect(within(aheadRegion).getByTestId('my-day-total').textContent).toBe('2');
    // Sessions ahead cannot be recorded yet.
    expect(within(aheadRegion).queryByRole('button', { name: 'Records' })).toBeNull();

    // To record: the eight weeks up to now, waiting for records; ahead: from the centre's midnight today.
    const recorded = bodies.find((body) => body.waitingForRecords)!;
    expect(recorded.end - recorded.start).toBe(8 * 7 * 24 * HOUR);
    expect(Math.abs(recorded.end - now)).toBeLessThan(120);
    const coming = bodies.find((body) => !body.waitingForRecords)!;
    expect(coming.start % (24 * HOUR)).toBe(0);
    expect(coming.start).toBeLessThanOrEqual(now);
    expect(coming.end - coming.start).toBe(14 * 24 * HOUR);
  }, 20_000);

  it('says so when every held session is recorded and nothing is coming', async () => {
    toRecord = [];
    ahead = [];
    renderInApp(<MyDayPage />);
    expect(await screen.findByText('Every held session is recorded.')).toBeDefined();
    expect(await screen.findByText('No sessions in the next 2 weeks.')).toBeDefined();
  });
});
