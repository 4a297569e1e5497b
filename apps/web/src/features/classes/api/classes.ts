import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { classesContract, type ListQueryInput } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { classKeys, scheduleKeys } from '@/lib/query-keys';

/** The class list: a Teacher's own through admin_classes_teacher, the others' through admin_classes (SPEC §6). */
export function classListQuery(query: ListQueryInput, teacherOnly: boolean) {
  return queryOptions({
    queryKey: classKeys.list(teacherOnly, query),
    queryFn: ({ signal }) =>
      api.call(
        teacherOnly ? classesContract.listOfTeacher : classesContract.list,
        { body: query },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Sessions in a time window, in start order (GetAllClassroomsFilteredByDate). */
export function sessionsByDateQuery(body: RequestBody<typeof classesContract.filteredByDate>) {
  return queryOptions({
    queryKey: classKeys.sessions(body),
    queryFn: ({ signal }) => api.call(classesContract.filteredByDate, { body }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function classDetailsQueryOptions(classroomId: string) {
  return queryOptions({
    queryKey: classKeys.details(classroomId),
    queryFn: ({ signal }) => api.call(classesContract.get, { query: { classroomId } }, { signal }),
    meta: { silent: true },
  });
}

export function useClassDetails(classroomId: string, enabled = true) {
  return useQuery({ ...classDetailsQueryOptions(classroomId), enabled });
}

export function useClassNumbers() {
  return useQuery({
    queryKey: classKeys.numbers,
    queryFn: ({ signal }) => api.call(classesContract.classNumbers, {}, { signal }),
    staleTime: 60_000,
  });
}

/** Every change to a class can move sessions: classes and the schedule are refreshed together. */
async function refreshClasses() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  ]);
}

const classMutations = {
  create: classesContract.create,
  edit: classesContract.edit,
  editTimesAndLessons: classesContract.editTimesAndLessons,
  editTimeDetail: classesContract.editTimeDetail,
  addLesson: classesContract.addLesson,
  removeLesson: classesContract.removeLesson,
  addSpecifications: classesContract.addSpecifications,
  removeSpecification: classesContract.removeSpecification,
  addStudents: classesContract.addStudents,
  removeStudent: classesContract.removeStudent,
  setPresence: classesContract.setPresence,
  setTeachingDayInfo: classesContract.setTeachingDayInfo,
  cancelSession: classesContract.cancelSession,
  removeAllTimes: classesContract.removeAllTimes,
  resetSessionInfo: classesContract.resetSessionInfo,
  archive: classesContract.archive,
  disable: classesContract.disable,
  destroy: classesContract.destroy,
  confirmByTeacher: classesContract.confirmByTeacher,
  confirmByAdmin: classesContract.confirmByAdmin,
  revertToTeacher: classesContract.revertToTeacher,
  confirmChangesByTeacher: classesContract.confirmChangesByTeacher,
  confirmChangesBySchedulingAdmin: classesContract.confirmChangesBySchedulingAdmin,
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
    mutationFn: (body: RequestBody<typeof classesContract.checkTimes>) =>
      api.call(classesContract.checkTimes, { body }),
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
    queryKey: classKeys.busy(params),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const p = params!;
      const [students, rooms] = await Promise.all([
        p.studentsPublicKey.length
          ? api.call(
              classesContract.notAvailableStudents,
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
              classesContract.notAvailableRooms,
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
