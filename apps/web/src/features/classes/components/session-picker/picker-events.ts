import type { EventInput } from '@fullcalendar/react';
import {
  type busyRoomTime,
  type busyStudentTime,
  notAvailableRoomColour,
  notAvailableStudentColour,
  slotColours,
  type TeacherTimeTable,
} from '@tutoria/shared';
import type { z } from 'zod';
import { readableOn } from '@/lib/colours';
import { fromEpoch } from '@/lib/time';
import type { ProposedTime, TimeCheck } from '../../lib/proposed-times';

interface PickerSources {
  timetables: readonly TeacherTimeTable[];
  busy: { students: z.infer<typeof busyStudentTime>[]; rooms: z.infer<typeof busyRoomTime>[] } | undefined;
  proposals: readonly ProposedTime[];
  check: TimeCheck | null;
  /** The class being added to: its own sessions are not in the way. */
  exceptClassroomId?: string;
}

/**
 * The booking calendar's events: the teacher's available times (green) and booked sessions
 * (blue), the students' (red) and the room's (grey) busy times, and the proposed sessions
 * (yellow, red once a check found a clash).
 */
export function pickerEvents(
  { timetables, busy, proposals, check, exceptClassroomId }: PickerSources,
  labels: { clash: string; proposed: string },
): EventInput[] {
  const list: EventInput[] = [];
  for (const table of timetables) {
    for (const slot of table.availableTimes) {
      if (slot.state === 'Cancel') continue;
      list.push({
        id: `slot-${slot.availableTimeId}`,
        start: fromEpoch(slot.start),
        end: fromEpoch(slot.end),
        display: 'background',
        color: slotColours.Active,
      });
      for (const s of slot.sessions) {
        if (s.classroomId === exceptClassroomId) continue;
        list.push({
          id: `booked-${s.sessionId}`,
          title: s.classroomName,
          start: fromEpoch(s.start),
          end: fromEpoch(s.end),
          color: slotColours.hasClassroom,
          editable: false,
          extendedProps: { kind: 'booked' },
        });
      }
    }
  }
  for (const b of busy?.students ?? []) {
    list.push({
      id: `student-${b.sessionId}-${b.studentPublicKey}`,
      title: b.studentName,
      start: fromEpoch(b.start),
      end: fromEpoch(b.end),
      display: 'background',
      color: notAvailableStudentColour,
    });
  }
  for (const b of busy?.rooms ?? []) {
    list.push({
      id: `room-${b.sessionId}`,
      title: b.classroomNumber,
      start: fromEpoch(b.start),
      end: fromEpoch(b.end),
      display: 'background',
      color: notAvailableRoomColour,
    });
  }
  for (const p of proposals) {
    const clash = (check?.conflicts[p.key]?.length ?? 0) > 0;
    const colour = readableOn(clash ? notAvailableStudentColour : slotColours.new);
    list.push({
      id: p.key,
      title: clash ? labels.clash : labels.proposed,
      start: fromEpoch(p.start),
      end: fromEpoch(p.end),
      color: colour.background,
      contrastColor: colour.color,
      editable: true,
      extendedProps: { kind: 'proposal' },
    });
  }
  return list;
}
