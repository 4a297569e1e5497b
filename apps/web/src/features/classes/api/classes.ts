import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { contract, type ListQueryInput } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const classKeys = {
  all: ['classes'] as const,
  list: (teacherOnly: boolean, query: ListQueryInput) => ['classes', 'list', teacherOnly, query] as const,
  sessions: (body: unknown) => ['classes', 'sessions', body] as const,
  details: (id: string) => ['classes', 'details', id] as const,
  numbers: ['classes', 'numbers'] as const,
};

/** The class list: a Teacher's own through admin_classes_teacher, the others' through admin_classes (SPEC §6). */
export function classListQuery(query: ListQueryInput, teacherOnly: boolean) {
  return queryOptions({
    queryKey: classKeys.list(teacherOnly, query),
    queryFn: ({ signal }) =>
      api.call(
        teacherOnly ? contract.classes.listOfTeacher : contract.classes.list,
        { body: query },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Sessions in a time window, in start order (GetAllClassroomsFilteredByDate). */
export function sessionsByDateQuery(body: RequestBody<typeof contract.classes.filteredByDate>) {
  return queryOptions({
    queryKey: classKeys.sessions(body),
    queryFn: ({ signal }) => api.call(contract.classes.filteredByDate, { body }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function classDetailsQueryOptions(classroomId: string) {
  return queryOptions({
    queryKey: classKeys.details(classroomId),
    queryFn: ({ signal }) => api.call(contract.classes.get, { query: { classroomId } }, { signal }),
    meta: { silent: true },
  });
}

export function useClassDetails(classroomId: string) {
  return useQuery(classDetailsQueryOptions(classroomId));
}

export function useClassNumbers() {
  return useQuery({
    queryKey: classKeys.numbers,
    queryFn: ({ signal }) => api.call(contract.classes.classNumbers, {}, { signal }),
    staleTime: 60_000,
  });
}

/** Every change to a class can move sessions: classes and the schedule are refreshed together. */
async function refreshClasses() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['schedule'] }),
  ]);
}

const classMutations = {
  create: contract.classes.create,
  edit: contract.classes.edit,
  editTimesAndLessons: contract.classes.editTimesAndLessons,
  editTimeDetail: contract.classes.editTimeDetail,
  addLesson: contract.classes.addLesson,
  removeLesson: contract.classes.removeLesson,
  addSpecifications: contract.classes.addSpecifications,
  removeSpecification: contract.classes.removeSpecification,
  addStudents: contract.classes.addStudents,
  removeStudent: contract.classes.removeStudent,
  setPresence: contract.classes.setPresence,
  setTeachingDayInfo: contract.classes.setTeachingDayInfo,
  cancelSession: contract.classes.cancelSession,
  removeAllTimes: contract.classes.removeAllTimes,
  resetSessionInfo: contract.classes.resetSessionInfo,
  archive: contract.classes.archive,
  disable: contract.classes.disable,
  destroy: contract.classes.destroy,
  confirmByTeacher: contract.classes.confirmByTeacher,
  confirmByAdmin: contract.classes.confirmByAdmin,
  revertToTeacher: contract.classes.revertToTeacher,
  confirmChangesByTeacher: contract.classes.confirmChangesByTeacher,
  confirmChangesBySchedulingAdmin: contract.classes.confirmChangesBySchedulingAdmin,
};
type ClassMutations = typeof classMutations;

/** One mutation hook per class call; each refreshes what it may have changed. */
export function useClassMutation<K extends keyof ClassMutations>(
  name: K,
  options: { silent?: boolean } = {},
) {
  const endpoint: ClassMutations[K] = classMutations[name];
  return useMutation({
    mutationFn: (body: RequestBody<ClassMutations[K]>) => api.callWithBody(endpoint, body),
    onSuccess: refreshClasses,
    meta: { silent: options.silent },
  });
}

export function useCheckTimes() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof contract.classes.checkTimes>) =>
      api.call(contract.classes.checkTimes, { body }),
  });
}

export function useBusyTimes(
  params: {
    studentsPublicKey: string[];
    room: string | null;
    start: number;
    end: number;
    exceptClassroomId?: string;
  } | null,
) {
  return useQuery({
    queryKey: ['classes', 'busy', params],
    enabled: params !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const p = params!;
      const [students, rooms] = await Promise.all([
        p.studentsPublicKey.length
          ? api.call(
              contract.classes.notAvailableStudents,
              {
                query: {
                  studentsPublicKey: p.studentsPublicKey.join(','),
                  start: p.start,
                  end: p.end,
                  exceptClassroomId: p.exceptClassroomId,
                },
              },
              { signal },
            )
          : { data: [] },
        p.room
          ? api.call(
              contract.classes.notAvailableRooms,
              {
                query: {
                  classroomNumber: p.room,
                  start: p.start,
                  end: p.end,
                  exceptClassroomId: p.exceptClassroomId,
                },
              },
              { signal },
            )
          : { data: [] },
      ]);
      return { students: students.data, rooms: rooms.data };
    },
  });
}
