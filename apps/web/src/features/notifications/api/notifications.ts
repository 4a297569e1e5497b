import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  classesContract,
  type CreateNotificationBody,
  type ListQueryInput,
  notificationsContract,
  type ReadMessagesBody,
} from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationKeys } from '@/lib/query-keys';

/** One page of notifications: everyone's for the Admin (admin_notifications), one's own otherwise (teacher_notifications). */
export function notificationsQueryOptions(everyone: boolean) {
  return (query: ListQueryInput) =>
    queryOptions({
      queryKey: notificationKeys.list(everyone, query),
      queryFn: ({ signal }) =>
        api.call(
          everyone ? notificationsContract.adminList : notificationsContract.ownList,
          { body: query },
          { signal },
        ),
      placeholderData: keepPreviousData,
    });
}

/** The bell's count; the live stream keeps it current, so it is not polled. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.call(notificationsContract.unreadCount, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** After a change or a live event: the lists and the count are read again. */
export const refreshNotifications = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

export function useMarkRead() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof notificationsContract.read>) =>
      api.call(notificationsContract.read, { body }),
    onSuccess: (result) => {
      queryClient.setQueryData(notificationKeys.unread, { unreadCount: result.unreadCount });
      return refreshNotifications();
    },
  });
}
export type MarkReadBody = ReadMessagesBody;

export function useCreateNotification() {
  return useMutation({
    mutationFn: (body: CreateNotificationBody) => api.call(notificationsContract.create, { body }),
    onSuccess: refreshNotifications,
  });
}

/** Classes by name, for choosing the class a notification goes to. */
export function useClassChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.classChoices(search),
    queryFn: ({ signal }) =>
      api.call(
        classesContract.list,
        {
          body: {
            page: { index: 1, size: 20 },
            where: search ? [[{ column: 'classroomName', comparison: 'Contains', operand: search }]] : [],
            order: [],
          },
        },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const openStreamTicket = () => api.call(notificationsContract.streamTicket);
