import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ChannelChoicesBody,
  notificationChannelsContract,
  type WebhookSettingsBody,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationChannelKeys as keys } from '@/lib/query-keys';

/** The caller's extra channels per messageType, and which channels the server can send. */
export function useChannelChoices() {
  return useQuery({
    queryKey: keys.choices,
    queryFn: ({ signal }) => api.call(notificationChannelsContract.choices, undefined, { signal }),
  });
}

export function useSaveChoices() {
  return useMutation({
    mutationFn: (body: ChannelChoicesBody) => api.call(notificationChannelsContract.saveChoices, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.choices }),
  });
}

/** The centre's group-chat webhook (Admin). */
export function useWebhookSettings() {
  return useQuery({
    queryKey: keys.webhook,
    queryFn: ({ signal }) => api.call(notificationChannelsContract.webhook, undefined, { signal }),
  });
}

export function useSaveWebhook() {
  return useMutation({
    mutationFn: (body: WebhookSettingsBody) => api.call(notificationChannelsContract.saveWebhook, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useTestWebhook() {
  return useMutation({
    mutationFn: (body: WebhookSettingsBody) => api.call(notificationChannelsContract.testWebhook, { body }),
  });
}
