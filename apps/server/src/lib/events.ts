/**
 * In-process domain events. Scheduling emits them after its transaction commits; the
 * notifications area subscribes (`events.on('classroom.changed', …)`) to store and push notices to
 * the users named in `userKeys`. Until it exists nobody listens and emitting costs nothing.
 * A listener that throws is logged and never fails the request that emitted the event.
 */
export interface DomainEvents {
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

export type DomainEventName = keyof DomainEvents;
type Listener<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

const listeners = new Map<DomainEventName, Set<Listener<DomainEventName>>>();
let onListenerError: (error: unknown, name: DomainEventName) => void = (error, name) =>
  console.error(`A listener of ${name} failed`, error);

export const events = {
  on<K extends DomainEventName>(name: K, listener: Listener<K>): () => void {
    const set = listeners.get(name) ?? new Set();
    set.add(listener as Listener<DomainEventName>);
    listeners.set(name, set);
    return () => set.delete(listener as Listener<DomainEventName>);
  },
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    for (const listener of listeners.get(name) ?? []) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((error: unknown) => onListenerError(error, name));
      } catch (error) {
        onListenerError(error, name);
      }
    }
  },
  /** Where listener failures go (the app passes its logger). */
  setErrorHandler(handler: (error: unknown, name: DomainEventName) => void): void {
    onListenerError = handler;
  },
};
