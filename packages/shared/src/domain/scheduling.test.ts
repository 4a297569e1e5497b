import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classroomCapacity,
  contains,
  isWaitingForRecords,
  overlaps,
  reportSessionStatus,
  sessionDisplayState,
  type SessionDisplayInput,
  slotColour,
  slotColourKey,
  WEEK_SECONDS,
  weeklySeries,
} from './scheduling.ts';

describe('slotColour (SPEC §4 timetable slot colours)', () => {
  it.each([
    ['new', { state: 'new', hasClassroom: false }, '#FBC02D'],
    ['has a classroom', { state: 'Active', hasClassroom: true }, '#3060DD'],
    ['Active (waiting for a class)', { state: 'Active', hasClassroom: false }, '#30DD75'],
    ['Full', { state: 'Full', hasClassroom: true }, '#37474F'],
    ['Cancel', { state: 'Cancel', hasClassroom: false }, '#000000'],
    [
      'anything else (an unbooked slot that has passed)',
      { state: 'Expired', hasClassroom: false },
      '#EF2929',
    ],
    ['anything else (an unknown state)', { state: 'Whatever', hasClassroom: false }, '#EF2929'],
  ])('%s', (_row, slot, colour) => {
    expect(slotColour(slot)).toBe(colour);
  });

  it('a past slot that was booked still shows its classroom', () => {
    expect(slotColourKey({ state: 'Expired', hasClassroom: true })).toBe('hasClassroom');
  });

  it('cancel and full win over having a classroom', () => {
    expect(slotColourKey({ state: 'Cancel', hasClassroom: true })).toBe('Cancel');
    expect(slotColourKey({ state: 'Full', hasClassroom: true })).toBe('Full');
  });
});

const base: SessionDisplayInput = {
  financialConfirmation: true,
  state: 'waitingforclass',
  confirmation: 'noConfirmation',
  hasTeachingDayInformation: false,
  hasPresenceInformation: false,
  changesConfirmedByTeacher: false,
  changesConfirmedBySchedulingAdmin: false,
  // A session that has not ended: SPEC §4's rule applies as written.
  end: 1_800_003_600,
  now: 1_800_000_000,
};
/** Any session's inputs, ending and read at the given times. */
const anySession = (end: fc.Arbitrary<number>, now: fc.Arbitrary<number>) =>
  fc.record({
    financialConfirmation: fc.boolean(),
    state: fc.constantFrom('waitingforclass', 'haveclass', 'canceled'),
    confirmation: fc.constantFrom('noConfirmation', 'confirmedByTeacher', 'confirmedByAdmin'),
    hasTeachingDayInformation: fc.boolean(),
    hasPresenceInformation: fc.boolean(),
    changesConfirmedByTeacher: fc.boolean(),
    changesConfirmedBySchedulingAdmin: fc.boolean(),
    end,
    now,
  });
const ended = { end: 1_800_000_000, now: 1_800_000_000 } as const;

describe('sessionDisplayState (SPEC §4 ordered rule)', () => {
  it.each<[string, Partial<SessionDisplayInput>, string, string, number]>([
    ['1. no financial confirmation → reserved', { financialConfirmation: false }, 'reserved', '#6d28d9', 1],
    [
      '1. wins over everything else',
      {
        financialConfirmation: false,
        state: 'canceled',
        changesConfirmedByTeacher: true,
        changesConfirmedBySchedulingAdmin: true,
      },
      'reserved',
      '#6d28d9',
      1,
    ],
    ['2. financial confirmation and cancelled → cancelled', { state: 'canceled' }, 'cancelled', '#EF2929', 2],
    ['2. the timetable spelling Cancel too', { state: 'Cancel' }, 'cancelled', '#EF2929', 2],
    [
      '3. confirmed without teaching-day information → cancelled (red)',
      { confirmation: 'confirmedByTeacher', hasPresenceInformation: true },
      'cancelled',
      '#EF2929',
      3,
    ],
    [
      '3. confirmed by the admin without presence information → cancelled (red)',
      { confirmation: 'confirmedByAdmin', hasTeachingDayInformation: true },
      'cancelled',
      '#EF2929',
      3,
    ],
    [
      '4. records, changes confirmed by the teacher only → new (yellow)',
      { hasTeachingDayInformation: true, hasPresenceInformation: true, changesConfirmedByTeacher: true },
      'new',
      '#FBC02D',
      4,
    ],
    [
      '5. both confirmations → waiting for class (green)',
      { changesConfirmedByTeacher: true, changesConfirmedBySchedulingAdmin: true },
      'waitingForClass',
      '#30DD75',
      5,
    ],
    [
      '5. both confirmations with records → waiting for class',
      {
        hasTeachingDayInformation: true,
        hasPresenceInformation: true,
        confirmation: 'confirmedByAdmin',
        changesConfirmedByTeacher: true,
        changesConfirmedBySchedulingAdmin: true,
      },
      'waitingForClass',
      '#30DD75',
      5,
    ],
    ['6. otherwise → passed', {}, 'passed', '#a45f4b', 6],
    [
      '6. changes confirmed by the scheduling admin only → passed',
      { changesConfirmedBySchedulingAdmin: true },
      'passed',
      '#a45f4b',
      6,
    ],
    [
      '6. teacher-only confirmation without records → passed',
      { changesConfirmedByTeacher: true },
      'passed',
      '#a45f4b',
      6,
    ],
  ])('%s', (_row, input, state, colour, rule) => {
    expect(sessionDisplayState({ ...base, ...input })).toEqual({ state, colour, rule });
  });

  it.each<[string, Partial<SessionDisplayInput>, string]>([
    [
      'ended with both confirmations and no records → not recorded (not waiting for class)',
      { ...ended, changesConfirmedByTeacher: true, changesConfirmedBySchedulingAdmin: true },
      'notRecorded',
    ],
    [
      'ended with teaching-day information but a presence missing → not recorded',
      { ...ended, confirmation: 'confirmedByTeacher', hasTeachingDayInformation: true },
      'notRecorded',
    ],
    [
      'ended, unpaid and unrecorded → not recorded before reserved',
      { ...ended, financialConfirmation: false },
      'notRecorded',
    ],
    ['ended and cancelled → cancelled', { ...ended, state: 'canceled' }, 'cancelled'],
    [
      'ended, cancelled and unpaid → reserved',
      { ...ended, state: 'canceled', financialConfirmation: false },
      'reserved',
    ],
    [
      'ended with its records → SPEC §4 (waiting for class when both confirmed)',
      {
        ...ended,
        hasTeachingDayInformation: true,
        hasPresenceInformation: true,
        changesConfirmedByTeacher: true,
        changesConfirmedBySchedulingAdmin: true,
      },
      'waitingForClass',
    ],
    [
      'ended with its records, confirmed by the admin only → passed',
      {
        ...ended,
        hasTeachingDayInformation: true,
        hasPresenceInformation: true,
        changesConfirmedBySchedulingAdmin: true,
      },
      'passed',
    ],
    [
      'not ended yet, no records, both confirmations → waiting for class',
      { changesConfirmedByTeacher: true, changesConfirmedBySchedulingAdmin: true },
      'waitingForClass',
    ],
  ])('not recorded: %s', (_row, input, state) => {
    const result = sessionDisplayState({ ...base, ...input });
    expect(result.state).toBe(state);
    if (state === 'notRecorded') expect(result).toEqual({ state, colour: '#F59F00', rule: 0 });
  });

  it('a session is not recorded exactly when it waits for its records', () => {
    fc.assert(
      fc.property(anySession(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), (input) => {
        const waiting = isWaitingForRecords(input);
        expect(sessionDisplayState(input).state === 'notRecorded').toBe(waiting);
        if (input.end > input.now) expect(waiting).toBe(false);
      }),
    );
  });

  it("before its end, every input lands on one of SPEC §4's five states", () => {
    fc.assert(
      fc.property(anySession(fc.constant(base.end), fc.constant(base.now)), (input) => {
        const result = sessionDisplayState(input);
        expect(['reserved', 'cancelled', 'new', 'waitingForClass', 'passed']).toContain(result.state);
        if (!input.financialConfirmation) expect(result.state).toBe('reserved');
      }),
    );
  });
});

describe('reportSessionStatus (issue 27: what a session report says)', () => {
  const now = 1_000_000;
  const past = {
    state: 'waitingforclass',
    hasTeachingDayInformation: true,
    hasPresenceInformation: true,
    end: now - 60,
    now,
  };
  it('a past session with its records is held, even before the teacher confirmed it', () => {
    expect(reportSessionStatus(past)).toBe('held');
    expect(reportSessionStatus({ ...past, state: 'haveclass', hasPresenceInformation: false })).toBe('held');
  });
  it('a past session without its records is not recorded yet; an upcoming one waits; a cancelled one says so', () => {
    expect(reportSessionStatus({ ...past, hasPresenceInformation: false })).toBe('notRecorded');
    expect(reportSessionStatus({ ...past, end: now + 60 })).toBe('upcoming');
    expect(reportSessionStatus({ ...past, state: 'canceled' })).toBe('cancelled');
  });
});

describe('intervals', () => {
  it('touching intervals do not overlap; nested ones do', () => {
    expect(overlaps({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(overlaps({ start: 0, end: 10 }, { start: 9, end: 20 })).toBe(true);
    expect(overlaps({ start: 0, end: 30 }, { start: 10, end: 20 })).toBe(true);
    expect(contains({ start: 0, end: 30 }, { start: 10, end: 30 })).toBe(true);
    expect(contains({ start: 0, end: 30 }, { start: 10, end: 31 })).toBe(false);
  });

  it('overlap is symmetric', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }))
      .map(([s, d]) => ({ start: s, end: s + d }));
    fc.assert(fc.property(interval, interval, (a, b) => overlaps(a, b) === overlaps(b, a)));
  });
});

describe('weeklySeries', () => {
  const first = [
    { start: 1000, end: 4600 },
    { start: 1000 + 86400, end: 4600 + 86400 },
  ];
  it('without an end date is just the first week', () => {
    expect(weeklySeries(first, null)).toEqual(first);
  });
  it('repeats each week while the start is before the end date', () => {
    const series = weeklySeries(first, 1000 + 2 * WEEK_SECONDS + 1);
    expect(series.map((s) => s.start)).toEqual([
      1000,
      1000 + 86400,
      1000 + WEEK_SECONDS,
      1000 + 86400 + WEEK_SECONDS,
      1000 + 2 * WEEK_SECONDS,
    ]);
    expect(series.every((s) => s.end - s.start === 3600)).toBe(true);
  });
  it('is capped', () => {
    expect(weeklySeries(first, 1000 + 1000 * WEEK_SECONDS, 7)).toHaveLength(7);
  });
});

describe('classroom capacity', () => {
  it('private classes take one student, group types their upper bound, large ones any number', () => {
    expect(classroomCapacity).toEqual({
      Private: 1,
      TwoOrThreePerson: 3,
      ThreeOrFourPerson: 4,
      MoreThanFourPerson: null,
      Full: null,
    });
  });
});
