/**
 * The events scheduling records in the outbox (docs/architecture.md "Events"), for the
 * notifications area and others to subscribe to. `userKeys` names the people concerned.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A classroom was created, edited, disabled, archived, un-archived or destroyed, or its students, lessons or courses changed. */
    'classroom.changed': {
      classroomId: string;
      classroomName: string;
      action:
        | 'created'
        | 'edited'
        | 'studentsAdded'
        | 'studentRemoved'
        | 'lessonsChanged'
        | 'specificationsChanged'
        | 'disabled'
        | 'archived'
        | 'unarchived'
        | 'destroyed';
      actorKey: string;
      /** Teacher, assistant and students concerned. */
      userKeys: string[];
    };
    /** Sessions were added, moved, cancelled, removed, confirmed or reverted. */
    'session.changed': {
      classroomId: string;
      classroomName: string;
      sessionIds: string[];
      action:
        | 'added'
        | 'moved'
        | 'cancelled'
        | 'removed'
        | 'recorded'
        | 'confirmedByTeacher'
        | 'confirmedByAdmin'
        | 'reverted'
        | 'reset'
        | 'changesConfirmed';
      actorKey: string;
      userKeys: string[];
    };
    /** A teacher's available times were added, moved, cancelled or removed. */
    'timetable.changed': {
      teacherKey: string;
      availableTimeIds: string[];
      action: 'added' | 'moved' | 'cancelled' | 'removed' | 'lessonNamesChanged';
      actorKey: string;
    };
  }
}

export {};
