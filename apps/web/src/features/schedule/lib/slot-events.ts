import type { EventInput } from '@fullcalendar/react';
import { type AvailableTime, slotColour, slotColourKey, type TeacherTimeTable } from '@tutoria/shared';
import { readableOn } from '@/lib/colours';
import { fromEpoch } from '@/lib/time';

export interface SlotEventProps {
  kind: 'slot';
  teacherName: string;
  teacherPublicKey: string;
  slot: AvailableTime;
}

/**
 * One calendar event per available time, coloured by SPEC §4's slot table. A cancelled or past
 * time cannot be dragged; the rest can when the caller may change the teacher's timetable.
 */
export function slotEvents(
  timetables: readonly TeacherTimeTable[],
  canEdit: (teacherKey: string) => boolean,
): EventInput[] {
  const now = Date.now() / 1000;
  return timetables.flatMap((timetable) =>
    timetable.availableTimes.map((slot): EventInput => {
      const colour = readableOn(slotColour(slot));
      const editable = canEdit(timetable.teacherPublicKey) && slot.state !== 'Cancel' && slot.end > now;
      return {
        id: slot.availableTimeId,
        title: timetable.teacherName,
        start: fromEpoch(slot.start),
        end: fromEpoch(slot.end),
        color: colour.background,
        contrastColor: colour.color,
        editable,
        className: `tutoria-slot-${slotColourKey(slot)}`,
        extendedProps: {
          kind: 'slot',
          teacherName: timetable.teacherName,
          teacherPublicKey: timetable.teacherPublicKey,
          slot,
        } satisfies SlotEventProps,
      };
    }),
  );
}
